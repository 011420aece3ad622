#!/usr/bin/env node
/**
 * The `ai-sdk-pii` command (the package's `bin`): `npx ai-sdk-pii audit show|verify <conversation>`.
 */
import { runAuditCommand, USAGE } from './audit-command';

const [group, ...rest] = process.argv.slice(2);
const io = {
  out: (text: string) => process.stdout.write(`${text}\n`),
  err: (text: string) => process.stderr.write(`${text}\n`),
  env: process.env,
};
if (group === 'audit') {
  process.exitCode = await runAuditCommand(rest, io);
} else {
  io[group === undefined || group === '--help' || group === '-h' ? 'out' : 'err'](USAGE);
  process.exitCode = group === undefined || group === '--help' || group === '-h' ? 0 : 2;
}
