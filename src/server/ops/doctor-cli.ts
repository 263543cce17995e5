import { systemClock } from '../../shared/clock';
import { runOpsCommand } from './command';
import {
  checkAddress,
  checkBackups,
  checkDatabase,
  checkDisk,
  checkMail,
  checkNode,
  checkPasskeyHost,
  checkRelease,
  checkSecretsKey,
  checkSettings,
  type Finding,
} from './doctor-checks';
import { siteAnswers } from './site-running';

/**
 * `npm run doctor`: checks what an administrator gets wrong, prints each finding and, for each
 * problem, its fix; exits 1 when anything is wrong.
 */
runOpsCommand(async (config, settingsFile) => {
  const siteRuns = await siteAnswers(config);
  const findings: Finding[] = [
    checkNode(),
    ...checkSettings(settingsFile, config),
    await checkDatabase(config),
    await checkSecretsKey(config),
    checkDisk(config.dataDir),
    ...(await checkAddress(config, siteRuns)),
    ...checkPasskeyHost(config),
    ...(await checkRelease(config, siteRuns)),
    await checkMail(config),
    await checkBackups(config, systemClock()),
  ];
  for (const finding of findings) {
    console.log(`${finding.warning ? 'WARNING' : finding.ok ? 'ok     ' : 'PROBLEM'} ${finding.what}`);
    if (finding.fix) console.log(`        fix: ${finding.fix}`);
  }
  const problems = findings.filter((finding) => !finding.ok).length;
  console.log(problems === 0 ? '\nNo problems found.' : `\n${problems} problem(s) found.`);
  if (problems > 0) process.exitCode = 1;
});
