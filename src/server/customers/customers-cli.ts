import { insertAudit } from '../audit/audit-store.js';
import { loadClientRegistry } from '../clients/client-registry-store.js';
import { runCommandLine, withCliDatabase } from '../kernel/command-line.js';
import { eraseCustomer, exportCustomer } from './customer-data.js';
import { customerExportCsv } from './customer-export-csv.js';
import { matchKeys } from './customer-matching.js';
import { findMatchCandidates } from './customer-store.js';

/**
 * A customer's data request from a shell (docs/operating.md, decision 0066):
 *   npm run customers -- export CODE ID|EMAIL [--format json|csv]   everything held, to stdout
 *   npm run customers -- erase CODE ID|EMAIL --yes                  erase them (as the back office)
 * Same DATABASE_URL / SQLITE_FILE as the server; both are audited as done from the command line.
 * Exit codes: 0 done, 1 refused (no such client or customer), 2 usage.
 */
const usage = [
  'Usage: npm run customers -- <command>',
  '  export CODE ID|EMAIL [--format json|csv]   print everything held on one customer',
  '  erase CODE ID|EMAIL --yes                  erase them: bookings and orders kept anonymised,',
  '                                             notes, enquiries and their e-mails deleted',
].join('\n');

function parse(args: string[]) {
  const words: string[] = [];
  let format: string | undefined;
  let yes = false;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--format') format = args[++i] ?? '';
    else if (args[i] === '--yes') yes = true;
    else words.push(args[i]!);
  }
  return { words, format, yes };
}

async function main(args: string[]): Promise<number> {
  const { words, format = 'json', yes } = parse(args);
  const [command, code, who] = words;
  const valid =
    words.length === 3 &&
    ((command === 'export' && (format === 'json' || format === 'csv') && !yes) ||
      (command === 'erase' && yes && !args.includes('--format')));
  if (!valid) {
    console.error(usage);
    if (command === 'erase' && !yes) console.error('Erasing cannot be undone: add --yes to do it.');
    return 2;
  }
  return withCliDatabase(async ({ db }) => {
    const client = (await loadClientRegistry(db)).byCode(code!);
    if (!client) {
      console.error(`No client ${code}.`);
      return 1;
    }
    let id: number;
    if (/^\d+$/.test(who!)) id = Number(who);
    else {
      const keys = matchKeys({ email: who });
      const found = keys.email
        ? (await findMatchCandidates(db, client.name, { ...keys, digits: null })).filter(
            (c) => c.email === keys.email,
          )
        : [];
      if (found.length !== 1) {
        console.error(
          found.length === 0
            ? `${client.name} has no customer with the e-mail ${who}.`
            : `${client.name} has ${found.length} customers with that e-mail (ids ${found.map((c) => c.id).join(', ')}): give the id.`,
        );
        return 1;
      }
      id = found[0]!.id;
    }
    const now = new Date();
    if (command === 'export') {
      const data = await exportCustomer(db, client, id, now);
      await insertAudit(
        db,
        {
          clientCode: client.name,
          ownerId: null,
          action: 'customer.export',
          detail: { customerId: id, format, via: 'command line' },
        },
        now,
      );
      process.stdout.write(
        format === 'csv'
          ? customerExportCsv(data, client.timeZone)
          : `${JSON.stringify(data, null, 2)}\n`,
      );
      return 0;
    }
    const erased = await eraseCustomer(db, client.name, id, (trx, counts) =>
      insertAudit(
        trx,
        {
          clientCode: client.name,
          ownerId: null,
          action: 'customer.erase',
          detail: { ...counts, via: 'command line' },
        },
        now,
      ),
    );
    console.log(
      `Customer ${id} of ${client.name} erased: ${erased.bookingsAnonymised} bookings and ${erased.ordersAnonymised} orders kept anonymised; ${erased.notesDeleted} notes, ${erased.enquiriesDeleted} enquiries and ${erased.emailsDeleted} e-mails deleted.`,
    );
    return 0;
  });
}

runCommandLine('customers', main);
