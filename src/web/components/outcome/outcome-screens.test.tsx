// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { cleanup, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clientConfigSchema, type ClientConfig } from '@common/client-config';
import { ClientContext } from '@/lib/client-context';
import { FailureScreen, SuccessScreen } from './outcome-screens';

function seedClient(code: string): ClientConfig {
  const file = resolve(import.meta.dirname, `../../../../seed/clients/${code}.json`);
  return clientConfigSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return body;
}

/** A real HTTP endpoint standing in for the external diagnostic script. */
let probeServer: Server;
let probeUrl: string;
const received: Array<{ method: string; body: string }> = [];

beforeAll(async () => {
  probeServer = createServer(async (request, response) => {
    received.push({ method: request.method ?? '', body: await readBody(request) });
    response.setHeader('access-control-allow-origin', '*');
    response.end('logged');
  });
  await new Promise<void>((done) => probeServer.listen(0, '127.0.0.1', done));
  probeUrl = `http://127.0.0.1:${(probeServer.address() as AddressInfo).port}/probe`;
});

afterAll(() => new Promise<void>((done) => probeServer.close(() => done())));

afterEach(() => {
  cleanup();
  received.length = 0;
  vi.restoreAllMocks();
});

function renderInStrictMode(client: ClientConfig, ui: React.ReactNode) {
  return render(
    <StrictMode>
      <ClientContext.Provider value={client}>
        <MemoryRouter>{ui}</MemoryRouter>
      </ClientContext.Provider>
    </StrictMode>,
  );
}

describe('FailureScreen', () => {
  it('shows the client failure texts and posts one diagnostic even under StrictMode', async () => {
    const logged = vi.spyOn(console, 'info').mockImplementation(() => {});
    const client = { ...seedClient('JS'), failureProbeUrl: probeUrl };
    renderInStrictMode(client, <FailureScreen />);

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Sorry we were unable to process your inquery.',
    );
    expect(screen.getByText(/Your booking has not made it through our system/)).toBeTruthy();
    await vi.waitFor(() =>
      expect(logged).toHaveBeenCalledWith('Failure probe answered', 200, 'logged'),
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(received).toEqual([{ method: 'POST', body: JSON.stringify({ message: 'test' }) }]);
  });

  it('says why, under the client text, when the server refused on purpose', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const client = { ...seedClient('RRB'), failureProbeUrl: probeUrl };
    const reason = 'This salon takes bookings of up to 4 hours online.';
    render(
      <ClientContext.Provider value={client}>
        <MemoryRouter initialEntries={[{ pathname: '/order/fail', state: { reason } }]}>
          <FailureScreen />
        </MemoryRouter>
      </ClientContext.Provider>,
    );
    expect(screen.getByText(reason)).toBeTruthy();
    expect(screen.getByText(client.failureText)).toBeTruthy();
  });

  it('only logs when the diagnostic address cannot be reached', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const client = { ...seedClient('JS'), failureProbeUrl: 'http://127.0.0.1:9/unreachable' };
    renderInStrictMode(client, <FailureScreen />);
    await vi.waitFor(() => expect(warned).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
  });
});

describe('SuccessScreen', () => {
  it('shows the client success texts and posts nothing', async () => {
    renderInStrictMode(seedClient('SE'), <SuccessScreen />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Thank you, your order is with us',
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(received).toEqual([]);
  });
});
