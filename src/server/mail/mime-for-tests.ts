/**
 * Just enough MIME reading for the relay's tests to look at what the SMTP server received:
 * unfolded headers and the decoded text and HTML parts of a nodemailer message.
 */
export interface ReadMail {
  headers: Array<[string, string]>;
  header: (name: string) => string[];
  html: string;
  text: string;
  /** The text/calendar part, decoded (empty when there is none). */
  calendar: string;
  /** Every leaf part's content type. */
  types: string[];
}

function splitHeadersAndBody(raw: string): { head: string; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  return at === -1 ? { head: raw, body: '' } : { head: raw.slice(0, at), body: raw.slice(at + 4) };
}

function parseHeaders(head: string): Array<[string, string]> {
  return head
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')
    .filter((line) => line.includes(':'))
    .map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    });
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes: number[] = [];
    const joined = body.replace(/=\r\n/g, '');
    for (let i = 0; i < joined.length; i += 1) {
      const hex = joined.slice(i + 1, i + 3);
      if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(Number.parseInt(hex, 16));
        i += 2;
      } else {
        bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
      }
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return body;
}

export function readMail(raw: string): ReadMail {
  const { head, body } = splitHeadersAndBody(raw);
  const headers = parseHeaders(head);
  const header = (name: string) =>
    headers.filter(([key]) => key === name.toLowerCase()).map(([, value]) => value);
  const parts: Array<{ type: string; content: string }> = [];
  const collect = (partHeaders: Array<[string, string]>, partBody: string) => {
    const get = (name: string) => partHeaders.find(([key]) => key === name)?.[1] ?? '';
    const type = get('content-type');
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.startsWith('multipart/') && boundary) {
      for (const section of partBody.split(`--${boundary}`).slice(1)) {
        if (section.startsWith('--')) break;
        const inner = splitHeadersAndBody(section.replace(/^\r\n/, ''));
        collect(parseHeaders(inner.head), inner.body.replace(/\r\n$/, ''));
      }
      return;
    }
    parts.push({
      type,
      content: decodeBody(partBody, get('content-transfer-encoding').toLowerCase()),
    });
  };
  collect(headers, body);
  return {
    headers,
    header,
    html: parts.find((p) => p.type.startsWith('text/html'))?.content ?? '',
    text: parts.find((p) => p.type.startsWith('text/plain'))?.content ?? '',
    calendar: parts.find((p) => p.type.startsWith('text/calendar'))?.content ?? '',
    types: parts.map((p) => p.type),
  };
}
