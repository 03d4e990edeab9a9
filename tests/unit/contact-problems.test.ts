/** The contact form's problems: found as the endpoint refuses them, named in the invalid page's address, shown on it. */
import { describe, expect, it } from 'vitest';
import { showProblems } from '../../services/http/routes/contact-result.ts';
import { contactProblems, parseProblems } from '../../services/shared/contact-problems.ts';

describe('contact problems', () => {
  it('names each field the endpoint would refuse, in the form order', () => {
    expect(contactProblems({ name: 'Ana', email: 'ana@example.com', message: 'Hi' })).toEqual([]);
    expect(contactProblems({ name: '  ', email: 'no-at-sign', message: 'Hi' })).toEqual(['name', 'email']);
    expect(contactProblems({ email: 'ana@example.com', message: 'x'.repeat(5001) })).toEqual(['name', 'message']);
  });

  it('reads only known fields from the address, in the form order', () => {
    expect(parseProblems('message,name,<script>,name')).toEqual(['name', 'message']);
    expect(parseProblems(null)).toEqual([]);
  });

  it('shows the named items of the prerendered list and leaves the others hidden', () => {
    const html = ['name', 'email', 'message'].map((k) => `<li data-problem="${k}" hidden="">${k}</li>`).join('');
    expect(showProblems(html, ['email'])).toBe(
      '<li data-problem="name" hidden="">name</li><li data-problem="email">email</li><li data-problem="message" hidden="">message</li>',
    );
  });
});
