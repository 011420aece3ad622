import type { DetectedSpan, Detector } from '../types';

interface SecretFormat {
  name: string;
  re: RegExp;
}

// Each format starts with a literal prefix and has bounded lengths, so a scan is linear.
const FORMATS: readonly SecretFormat[] = [
  // OpenAI (`sk-`, `sk-proj-`, `sk-svcacct-`) and Anthropic (`sk-ant-api03-`).
  { name: 'openai', re: /(?<![\w-])sk-[A-Za-z0-9_-]{20,250}(?![\w-])/g },
  {
    name: 'aws-access-key-id',
    re: /(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Za-z0-9])/g,
  },
  { name: 'github', re: /(?<![A-Za-z0-9_])gh[pousr]_[A-Za-z0-9]{36,251}(?![A-Za-z0-9_])/g },
  {
    name: 'github-fine-grained',
    re: /(?<![A-Za-z0-9_])github_pat_[A-Za-z0-9_]{50,250}(?![A-Za-z0-9_])/g,
  },
  { name: 'gitlab', re: /(?<![A-Za-z0-9_])glpat-[A-Za-z0-9_-]{20,50}(?![A-Za-z0-9_-])/g },
  {
    name: 'stripe',
    re: /(?<![A-Za-z0-9_])(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,247}(?![A-Za-z0-9_])/g,
  },
  { name: 'stripe-webhook', re: /(?<![A-Za-z0-9_])whsec_[A-Za-z0-9]{24,64}(?![A-Za-z0-9_])/g },
  { name: 'slack', re: /(?<![A-Za-z0-9_])xox[abposre]-[A-Za-z0-9-]{10,250}(?![A-Za-z0-9_-])/g },
  {
    name: 'slack-webhook',
    re: /https:\/\/hooks\.slack\.com\/services\/T[A-Z0-9]{6,12}\/B[A-Z0-9]{6,12}\/[A-Za-z0-9]{20,32}/g,
  },
  { name: 'google', re: /(?<![A-Za-z0-9_])AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])/g },
  { name: 'npm', re: /(?<![A-Za-z0-9_])npm_[A-Za-z0-9]{36}(?![A-Za-z0-9_])/g },
  { name: 'huggingface', re: /(?<![A-Za-z0-9_])hf_[A-Za-z0-9]{34,40}(?![A-Za-z0-9_])/g },
  {
    name: 'sendgrid',
    re: /(?<![A-Za-z0-9_])SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g,
  },
  {
    name: 'jwt',
    re: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,4000}\.ey[A-Za-z0-9_-]{8,8000}\.[A-Za-z0-9_-]{16,4000}(?![A-Za-z0-9_-])/g,
  },
  // An AWS secret key is 40 base64 characters: only trusted after its variable name.
  {
    name: 'aws-secret-access-key',
    re: /aws_?secret_?(?:access_?)?key["']?\s{0,3}[:=]\s{0,3}["']?[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/gi,
  },
];
const BEGIN_KEY = /-----BEGIN (?:[A-Z0-9]{1,12} ){0,3}PRIVATE KEY(?: BLOCK)?-----/g;
const END_KEY = /-----END (?:[A-Z0-9]{1,12} ){0,3}PRIVATE KEY(?: BLOCK)?-----/g;
const AWS_SECRET_VALUE = /[A-Za-z0-9/+]{40}$/;

// Where a secret may start, found in a few scans of the text instead of one per format; each
// format is then tried there alone (sticky). Most formats have a separator a few letters in
// (`sk-`, `ghp_`, `SG.`): the first scan stops at separators only and looks back for the
// letters before (one alternation of every prefix stopped at every letter of prose); the other
// formats start with rare letters (`AKIA`, `AIza`, `eyJ`) or are read apart.
const STARTS =
  /[-_.](?<=([sr]k|gh[pousr]|github|glpat|whsec|xox[abposre]|npm|hf)[-_]|(SG)\.)|A(?:KIA|SIA|BIA|CCA|Iza)|eyJ/g;
const OTHER_STARTS = [/aws_?sec/gi, /https:\/\/hooks\.slack\.com/g];
const AT_START = FORMATS.map(({ name, re }) => ({
  name,
  re: new RegExp(re.source, `${re.flags.replace('g', '')}y`),
}));

/** Where a secret may start in `text`, in order. */
function candidateStarts(text: string): number[] {
  const starts: number[] = [];
  STARTS.lastIndex = 0;
  for (let m = STARTS.exec(text); m; m = STARTS.exec(text)) {
    starts.push(m.index - (m[1] ?? m[2] ?? '').length);
    STARTS.lastIndex = m.index + 1; // starts may overlap (`AKIAIza…`)
  }
  for (const re of OTHER_STARTS) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      starts.push(m.index);
      re.lastIndex = m.index + 1;
    }
  }
  return starts.sort((x, y) => x - y);
}

/** Exported for the ReDoS shape test: every regex of this detector. */
export const API_KEY_PATTERNS: readonly RegExp[] = [
  ...FORMATS.map((f) => f.re),
  ...AT_START.map((f) => f.re),
  STARTS,
  ...OTHER_STARTS,
  BEGIN_KEY,
  END_KEY,
  AWS_SECRET_VALUE,
];

/**
 * Finds well-known secrets: OpenAI and Anthropic keys (`sk-…`), AWS access key ids
 * (`AKIA…`) and secret keys after their variable name, GitHub (`ghp_…`, `github_pat_…`),
 * GitLab, Stripe (`sk_live_…`), Slack tokens and webhooks, Google, npm, Hugging Face and
 * SendGrid keys, JWTs, and PEM private key blocks.
 *
 * @example
 * apiKeyDetector().detect('OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwx');
 * // [{ start: 15, end: 47, label: 'API_KEY', score: 1, ... }]
 */
export function apiKeyDetector(): Detector {
  return {
    name: 'api-key',
    labels: ['API_KEY'],
    detect(text) {
      const spans: DetectedSpan[] = [];
      // Per format, where its previous match ended: matches of one format never overlap.
      const nextFrom = new Array<number>(AT_START.length).fill(0);
      let previous = -1;
      for (const at of candidateStarts(text)) {
        if (at === previous) continue;
        previous = at;
        AT_START.forEach(({ name, re }, f) => {
          if (at < nextFrom[f]!) return;
          re.lastIndex = at;
          const m = re.exec(text);
          if (!m) return;
          const end = at + m[0].length;
          nextFrom[f] = end;
          // Only the secret itself is masked, not the variable name before it.
          if (name !== 'aws-secret-access-key') {
            spans.push({ start: at, end, label: 'API_KEY', score: 1 });
          } else if (AWS_SECRET_VALUE.test(m[0])) {
            spans.push({ start: end - 40, end, label: 'API_KEY', score: 1 });
          }
        });
      }
      privateKeyBlocks(text, spans);
      return spans;
    },
  };
}

// indexOf-style pairing of BEGIN and END markers: linear even with many unmatched BEGINs.
function privateKeyBlocks(text: string, out: DetectedSpan[]): void {
  BEGIN_KEY.lastIndex = 0;
  END_KEY.lastIndex = 0;
  for (let begin = BEGIN_KEY.exec(text); begin; begin = BEGIN_KEY.exec(text)) {
    END_KEY.lastIndex = Math.max(END_KEY.lastIndex, begin.index + begin[0].length);
    const end = END_KEY.exec(text);
    if (!end) return;
    out.push({ start: begin.index, end: end.index + end[0].length, label: 'API_KEY', score: 1 });
    BEGIN_KEY.lastIndex = end.index + end[0].length;
  }
}
