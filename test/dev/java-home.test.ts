import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { javaMajorVersion, newestJdk } from '../../dev/elasticsearch.ts';

describe('the Java Elasticsearch runs on', () => {
  it.each<[string, number]>([
    ['JAVA_VERSION="25.0.3"\nIMPLEMENTOR="Eclipse Adoptium"', 25],
    ['IMPLEMENTOR="Debian"\nJAVA_VERSION="17.0.15"', 17],
    ['JAVA_VERSION="21"', 21],
    ['JAVA_VERSION="1.8.0_402"', 8],
    ['MODULES="java.base"', 0],
    ['', 0],
  ])('the release file %j names Java %i', (release, major) => {
    expect(javaMajorVersion(release)).toBe(major);
  });

  describe('the newest JDK beside the system one', () => {
    let dir: string;
    const jdk = async (name: string, release: string | undefined, runnable = true) => {
      const home = join(dir, name);
      await mkdir(join(home, 'bin'), { recursive: true });
      if (release !== undefined) await writeFile(join(home, 'release'), release);
      if (runnable) {
        await writeFile(join(home, 'bin', 'java'), '#!/bin/sh\n');
        await chmod(join(home, 'bin', 'java'), 0o755);
      }
    };
    beforeEach(async () => {
      dir = await mkdtemp(join(tmpdir(), 'jvm-'));
    });
    afterEach(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it('takes the newest of 21 or later', async () => {
      await jdk('java-17-openjdk-amd64', 'JAVA_VERSION="17.0.15"');
      await jdk('temurin-21-jdk-amd64', 'JAVA_VERSION="21.0.9"');
      await jdk('temurin-25-jdk-amd64', 'JAVA_VERSION="25.0.3"');
      expect(await newestJdk(dir, 21)).toBe(join(dir, 'temurin-25-jdk-amd64'));
    });

    it('none when only older ones, unrunnable ones or ones without a release file are there', async () => {
      await jdk('java-17-openjdk-amd64', 'JAVA_VERSION="17.0.15"');
      await jdk('broken-25', 'JAVA_VERSION="25.0.3"', false);
      await jdk('no-release', undefined);
      expect(await newestJdk(dir, 21)).toBeUndefined();
    });

    it('none when the directory is missing', async () => {
      expect(await newestJdk(join(dir, 'missing'), 21)).toBeUndefined();
    });
  });
});
