import { spawn, type ChildProcess } from 'node:child_process';

export interface SpawnedServer {
  child: ChildProcess;
  /** Everything it printed so far. */
  output: () => string;
  /** Milliseconds from the spawn until /api/health answered. */
  readyAfterMs: number;
  /** Stops it and every process it started (it runs in its own process group). */
  stop: () => Promise<void>;
}

/**
 * Runs a command as a user would (`npm start`, `npm run dev`) in its own process group and waits
 * until `${baseURL}/api/health` answers 200.
 */
export async function spawnServer(
  command: string,
  args: string[],
  options: { cwd: string; env: Record<string, string>; baseURL: string; timeoutMs: number },
): Promise<SpawnedServer> {
  const started = Date.now();
  let log = '';
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise((r) => child.once('exit', r));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    process.kill(-child.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  const deadline = started + options.timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited:\n${log}`);
    try {
      if ((await fetch(`${options.baseURL}/api/health`)).ok) {
        return { child, output: () => log, readyAfterMs: Date.now() - started, stop };
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(
    `${command} ${args.join(' ')} did not answer within ${options.timeoutMs} ms:\n${log}`,
  );
}
