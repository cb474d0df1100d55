import { readFile } from 'node:fs/promises';
import protoPackage from '@temporalio/proto';

/** A history fixture under test/fixtures/histories, as a test recorded it (JSON of the proto). */
export async function readRecordedHistory(file: URL): Promise<protoPackage.temporal.api.history.v1.History> {
  return protoPackage.temporal.api.history.v1.History.fromObject(JSON.parse(await readFile(file, 'utf8')));
}
