#!/usr/bin/env node
// A stand-in for `systemctl` in the upgrade test (tests/e2e/service.ts), where no systemd runs:
// the few calls scripts/release.mjs makes, answered by the test's supervisor at
// NORTHSTAR_SUPERVISOR_URL, which runs the unit as systemd would.
//   systemctl show --property=MainPID --value <unit>
//   systemctl restart <unit>
//   systemctl daemon-reload
const supervisor = process.env.NORTHSTAR_SUPERVISOR_URL;
if (!supervisor) {
  console.error('NORTHSTAR_SUPERVISOR_URL is not set');
  process.exit(1);
}
const args = process.argv.slice(2);
const call = async (path, method = 'POST') => {
  const response = await fetch(`${supervisor}${path}`, { method });
  const text = await response.text();
  if (!response.ok) {
    console.error(text);
    process.exit(1);
  }
  return text;
};
if (args[0] === 'show' && args.includes('--property=MainPID')) console.log(await call('/main-pid', 'GET'));
else if (args[0] === 'restart') await call('/restart');
else if (args[0] === 'daemon-reload') await call('/daemon-reload');
else {
  console.error(`the stand-in does not know: systemctl ${args.join(' ')}`);
  process.exit(1);
}
