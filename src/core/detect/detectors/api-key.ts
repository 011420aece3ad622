import type { DetectedSpan, Detector } from '../types';

interface SecretFormat {
  name: string;
  /**
   * How the format starts, as the start scan captures it (`STARTS`); a format without is
   * scanned for whole.
   */
  prefixes?: readonly string[];
  re: RegExp;
}

// Each format starts with a literal prefix and has bounded lengths, so a scan is linear.
const FORMATS: readonly SecretFormat[] = [
  // OpenAI (`sk-`, `sk-proj-`, `sk-svcacct-`) and Anthropic (`sk-ant-api03-`).
  { name: 'openai', prefixes: ['sk-'], re: /(?<![\w-])sk-[A-Za-z0-9_-]{20,250}(?![\w-])/g },
  {
    name: 'aws-access-key-id',
    re: /(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Za-z0-9])/g,
  },
  {
    name: 'github',
    prefixes: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'],
    re: /(?<![A-Za-z0-9_])gh[pousr]_[A-Za-z0-9]{36,251}(?![A-Za-z0-9_])/g,
  },
  {
    name: 'github-fine-grained',
    prefixes: ['github_'],
    re: /(?<![A-Za-z0-9_])github_pat_[A-Za-z0-9_]{50,250}(?![A-Za-z0-9_])/g,
  },
  {
    name: 'gitlab',
    prefixes: ['glpat-'],
    re: /(?<![A-Za-z0-9_])glpat-[A-Za-z0-9_-]{20,50}(?![A-Za-z0-9_-])/g,
  },
  {
    name: 'stripe',
    prefixes: ['sk_', 'rk_'],
    re: /(?<![A-Za-z0-9_])(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,247}(?![A-Za-z0-9_])/g,
  },
  {
    name: 'stripe-webhook',
    prefixes: ['whsec_'],
    re: /(?<![A-Za-z0-9_])whsec_[A-Za-z0-9]{24,64}(?![A-Za-z0-9_])/g,
  },
  {
    name: 'slack',
    prefixes: ['xoxa-', 'xoxb-', 'xoxp-', 'xoxo-', 'xoxs-', 'xoxr-', 'xoxe-'],
    re: /(?<![A-Za-z0-9_])xox[abposre]-[A-Za-z0-9-]{10,250}(?![A-Za-z0-9_-])/g,
  },
  {
    name: 'slack-webhook',
    re: /https:\/\/hooks\.slack\.com\/services\/T[A-Z0-9]{6,12}\/B[A-Z0-9]{6,12}\/[A-Za-z0-9]{20,32}/g,
  },
  {
    name: 'google',
    re: /(?<![A-Za-z0-9_])AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])/g,
  },
  { name: 'npm', prefixes: ['npm_'], re: /(?<![A-Za-z0-9_])npm_[A-Za-z0-9]{36}(?![A-Za-z0-9_])/g },
  {
    name: 'huggingface',
    prefixes: ['hf_'],
    re: /(?<![A-Za-z0-9_])hf_[A-Za-z0-9]{34,40}(?![A-Za-z0-9_])/g,
  },
  {
    name: 'sendgrid',
    prefixes: ['SG.'],
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

// Most formats have a separator a few letters in (`sk-`, `ghp_`, `SG.`): where they may start
// is found in one scan of the text instead of one per format, which stops at separators only
// and looks back for the letters before, standing alone as their formats want (`task_`, `-sk-`
// start nothing; no boundary here is stricter than the format's own). The formats of the
// prefix found are then tried there alone (sticky). The others start with rare letters
// (`AKIA`, `AIza`, `eyJ`: one scan each costs less than a try at each of them in text full of
// them), after a variable name (the AWS secret, any case) or an address (the Slack webhook):
// they are scanned for whole.
const STARTS =
  /[-_.](?=[\w-])(?<=(?<![\w-])(sk-)|(?<![A-Za-z0-9_])(?:((?:[sr]k|gh[pousr]|github|whsec|npm|hf)_)|((?:glpat|xox[abposre])-)|(SG\.)))/g;
const AT_START = FORMATS.map(({ re }) => new RegExp(re.source, `${re.flags.replace('g', '')}y`));
/** The formats (their index in `FORMATS`) that start with each prefix. */
const BY_PREFIX = new Map<string, number[]>();
FORMATS.forEach(({ prefixes = [] }, f) => {
  for (const prefix of prefixes) BY_PREFIX.set(prefix, [...(BY_PREFIX.get(prefix) ?? []), f]);
});

/** Exported for the ReDoS shape test: every regex of this detector. */
export const API_KEY_PATTERNS: readonly RegExp[] = [
  ...FORMATS.map((f) => f.re),
  ...AT_START,
  STARTS,
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
      // Per format, where its previous match ended: matches of one format never overlap (the
      // starts of one format come in order: its prefixes have one length).
      const nextFrom = new Array<number>(AT_START.length).fill(0);
      STARTS.lastIndex = 0;
      for (let m = STARTS.exec(text); m; m = STARTS.exec(text)) {
        // The prefix found, as the formats spell it: letters and the separator the scan
        // stopped at (`sk-`).
        const prefix = (m[1] ?? m[2] ?? m[3] ?? m[4])!;
        const at = m.index + 1 - prefix.length;
        const formats = BY_PREFIX.get(prefix);
        if (formats === undefined) continue;
        for (const f of formats) {
          if (at < nextFrom[f]!) continue;
          const re = AT_START[f]!;
          re.lastIndex = at;
          const key = re.exec(text);
          if (!key) continue;
          nextFrom[f] = at + key[0].length;
          spans.push({ start: at, end: nextFrom[f]!, label: 'API_KEY', score: 1 });
        }
      }
      scannedWhole(text, spans);
      privateKeyBlocks(text, spans);
      return spans;
    },
  };
}

/** The formats scanned for whole: those without `prefixes`. */
function scannedWhole(text: string, out: DetectedSpan[]): void {
  FORMATS.forEach(({ name, prefixes, re }) => {
    if (prefixes) return;
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const end = m.index + m[0].length;
      if (name !== 'aws-secret-access-key') {
        out.push({ start: m.index, end, label: 'API_KEY', score: 1 });
      } else if (AWS_SECRET_VALUE.test(m[0])) {
        // Only the secret itself is masked, not the variable name before it.
        out.push({ start: end - 40, end, label: 'API_KEY', score: 1 });
      }
    }
  });
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
