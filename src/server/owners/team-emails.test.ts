import { describe, expect, it } from 'vitest';
import type { ClientConfig } from '../../common/client-config.js';
import { invitationTemplateId, renderInvitationEmail } from './team-emails.js';

// Only the fields the template reads.
const client = { name: 'RRB', title: 'Ruby <Rose> Beauty' } as ClientConfig;
const link = 'https://rrb.example/login/set-password?token=abc_DEF-123';

describe('the team invitation e-mail', () => {
  it('carries the link, who invited them and what a staff account can do, escaped in HTML', () => {
    const mail = renderInvitationEmail(
      client,
      'amy@example.com',
      { role: 'staff', invitedBy: 'ruby@example.com', link },
      'site@example.com',
    );
    expect(mail).toMatchObject({
      clientCode: 'RRB',
      templateId: invitationTemplateId,
      from: 'site@example.com',
      to: 'amy@example.com',
      subject: 'You are invited to the Ruby <Rose> Beauty back office',
    });
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('ruby@example.com has invited you');
    expect(mail.text).toContain('As staff you can use the diary');
    expect(mail.text).toContain('within 7 days');
    expect(mail.html).toContain(`<a href="${link}">${link}</a>`);
    expect(mail.html).toContain('Ruby &#60;Rose&#62; Beauty');
    expect(mail.html).not.toContain('<Rose>');
  });

  it('tells an invited owner they can run everything', () => {
    const mail = renderInvitationEmail(
      client,
      'co@example.com',
      { role: 'owner', invitedBy: 'ruby@example.com', link },
      'site@example.com',
    );
    expect(mail.text).toContain('As an owner you can run everything');
  });
});
