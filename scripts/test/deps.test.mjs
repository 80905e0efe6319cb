import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { installReason } from '../lib/deps.mjs';

function project({ installed, lockAgeS, installAgeS }) {
  const root = mkdtempSync(join(tmpdir(), 'pixtract-deps-'));
  const touch = (file, ageS) => {
    writeFileSync(file, '{}');
    const time = Date.now() / 1000 - ageS;
    utimesSync(file, time, time);
  };
  touch(join(root, 'package-lock.json'), lockAgeS);
  if (installed) {
    mkdirSync(join(root, 'node_modules'));
    touch(join(root, 'node_modules', '.package-lock.json'), installAgeS);
  }
  return root;
}

describe('dependencies', () => {
  it('installs on a fresh clone', () => {
    assert.equal(installReason(project({ installed: false, lockAgeS: 10 })), 'node_modules is missing');
  });

  it('reinstalls when package-lock.json changed after the last install', () => {
    assert.equal(
      installReason(project({ installed: true, lockAgeS: 10, installAgeS: 100 })),
      'package-lock.json changed',
    );
  });

  it('does nothing when the install is newer than the lock file', () => {
    assert.equal(installReason(project({ installed: true, lockAgeS: 100, installAgeS: 10 })), undefined);
  });
});
