import { runOpsCommand } from './command';
import {
  checkAddress,
  checkBackups,
  checkDatabase,
  checkDisk,
  checkMail,
  checkNode,
  checkSettings,
  type Finding,
} from './doctor-checks';
import { siteAnswers } from './site-running';

/**
 * `npm run doctor`: checks what an administrator gets wrong, prints each finding and, for each
 * problem, its fix; exits 1 when anything is wrong.
 */
runOpsCommand(async (config, settingsFile) => {
  const findings: Finding[] = [
    checkNode(),
    ...checkSettings(settingsFile, config),
    await checkDatabase(config),
    checkDisk(config.dataDir),
    ...(await checkAddress(config, await siteAnswers(config))),
    await checkMail(config),
    await checkBackups(config),
  ];
  for (const finding of findings) {
    console.log(`${finding.ok ? 'ok     ' : 'PROBLEM'} ${finding.what}`);
    if (finding.fix) console.log(`        fix: ${finding.fix}`);
  }
  const problems = findings.filter((finding) => !finding.ok).length;
  console.log(problems === 0 ? '\nNo problems found.' : `\n${problems} problem(s) found.`);
  if (problems > 0) process.exitCode = 1;
});
