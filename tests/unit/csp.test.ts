/** Per-page CSP: the hashes of exactly the page's inline scripts, and no 'unsafe-inline' for scripts. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes } from '../../services/http/csp.ts';

const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes inline scripts byte for byte and skips external ones', () => {
    const html =
      '<script>window.a=1</script><script type="module" async="">import "/x.js";\n</script><script src="/assets/a.js"></script><script>window.a=1</script>';
    expect(inlineScriptHashes(html)).toEqual([sha('window.a=1'), sha('import "/x.js";\n')]);
  });

  it('puts the hashes in script-src without unsafe-inline', () => {
    const policy = contentSecurityPolicy([sha('x')]);
    expect(policy).toContain(`script-src 'self' 'wasm-unsafe-eval' ${sha('x')};`);
    expect(policy.split('; ').find((d) => d.startsWith('script-src'))).not.toContain('unsafe-inline');
    expect(policy).toContain("object-src 'none'");
  });
});
