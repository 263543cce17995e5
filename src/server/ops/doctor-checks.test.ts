import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { checkDisk, checkNode, minimumFreeBytes, satisfiesEngines } from './doctor-checks';

describe('the doctor', () => {
  it('reads an engines range of ^ and >= parts joined by ||', () => {
    const range = '^20.19.0 || >=22.12.0';
    expect(satisfiesEngines('20.19.0', range)).toBe(true);
    expect(satisfiesEngines('20.20.2', range)).toBe(true);
    expect(satisfiesEngines('20.18.3', range)).toBe(false);
    expect(satisfiesEngines('21.7.0', range)).toBe(false);
    expect(satisfiesEngines('22.11.9', range)).toBe(false);
    expect(satisfiesEngines('22.12.0', range)).toBe(true);
    expect(satisfiesEngines('24.11.1', range)).toBe(true);
    // A part without its minor and patch numbers, as package.json states Node 24.
    const withMajorOnly = '^20.19.0 || ^22.13.0 || >=24';
    expect(satisfiesEngines('24.0.0', withMajorOnly)).toBe(true);
    expect(satisfiesEngines('24.21.0', withMajorOnly)).toBe(true);
    expect(satisfiesEngines('23.11.0', withMajorOnly)).toBe(false);
    expect(satisfiesEngines('22.12.0', withMajorOnly)).toBe(false);
  });

  it('complains about an unsupported Node.js with the fix', () => {
    expect(checkNode('18.20.0')).toMatchObject({
      ok: false,
      fix: expect.stringContaining('install a supported Node.js'),
    });
    expect(checkNode(process.versions.node).ok).toBe(true);
  });

  it('complains below 1 GB of free disk', () => {
    expect(checkDisk(os.tmpdir(), minimumFreeBytes - 1)).toMatchObject({
      ok: false,
      what: expect.stringContaining('only 1.0 GB free'),
    });
    expect(checkDisk(os.tmpdir(), minimumFreeBytes).ok).toBe(true);
  });
});
