import { helpText, parseCommandLine } from '../../clients/cli/args.ts';
import { CliError, EXIT } from '../../clients/cli/exit-codes.ts';
import { formatActionItems, formatPostmortem } from '../../clients/cli/postmortem.ts';

const ID = '0192f0c4-7a1e-7c3b-9d2a-5b6c7d8e9f01';
const ITEM = '0192f0c4-7a1e-7c3b-9d2a-5b6c7d8e9f02';

function usageErrorOf(argv: string[]): string {
  try {
    parseCommandLine(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(EXIT.USAGE);
    return (error as CliError).message;
  }
  throw new Error(`${argv.join(' ')} parsed without error`);
}

describe('tocsin postmortem command line', () => {
  it.each([
    [['postmortem', 'create', ID], { name: 'postmortem create', incident: ID }],
    [['postmortem', 'create', ID, '--title', 'Why'], { name: 'postmortem create', incident: ID, title: 'Why' }],
    [['postmortem', 'show', ID.toUpperCase()], { name: 'postmortem show', incident: ID }],
    [['postmortem', 'export', ID, '--json'], { name: 'postmortem export', incident: ID }],
    [
      ['postmortem', 'action', 'add', ID, '--title', 'Add a canary', '--owner', ID, '--due', '2026-12-15'],
      { name: 'postmortem action add', incident: ID, title: 'Add a canary', owner: ID, due: '2026-12-15' },
    ],
    [['postmortem', 'action', 'add', ID, '--title', 'x'], { name: 'postmortem action add', incident: ID, title: 'x' }],
    [['postmortem', 'action', 'done', ID, ITEM], { name: 'postmortem action done', incident: ID, item: ITEM, done: true }],
    [['postmortem', 'action', 'done', ID, ITEM, '--undo'], { name: 'postmortem action done', incident: ID, item: ITEM, done: false }],
    [['postmortem', 'action', '--help'], { name: 'help', path: ['postmortem', 'action'] }],
    [['postmortem', 'action', 'add', '--help'], { name: 'help', path: ['postmortem', 'action', 'add'] }],
  ])('%j', (argv, command) => {
    expect(parseCommandLine(argv).command).toEqual(command);
  });

  it.each([
    [['postmortem'], 'needs a subcommand'],
    [['postmortem', 'action'], 'tocsin postmortem action needs a subcommand'],
    [['postmortem', 'action', 'close', ID], 'unknown command "postmortem action close"'],
    [['postmortem', 'publish', ID], 'unknown command "postmortem publish"'],
    [['postmortem', 'create', 'nope'], 'INCIDENT_ID must be a UUID'],
    [['postmortem', 'create', ID, '--title', '  '], '--title must not be blank'],
    [['postmortem', 'action', 'add', ID], '--title is required'],
    [['postmortem', 'action', 'add', ID, '--title', 'x', '--due', '15/12/2026'], '--due must be a date'],
    [['postmortem', 'action', 'add', ID, '--title', 'x', '--due', '2026-02-31x'], '--due must be a date'],
    [['postmortem', 'action', 'add', ID, '--title', 'x', '--owner', 'bob'], '--owner must be a UUID'],
    [['postmortem', 'action', 'done', ID], 'takes INCIDENT_ID ITEM_ID'],
  ])('%j is a usage error', (argv, message) => {
    expect(usageErrorOf(argv)).toContain(message);
  });

  it('lists the postmortem commands in the group help', () => {
    const help = helpText(['postmortem']);
    for (const name of ['create', 'show', 'export', 'action add', 'action done']) expect(help).toContain(`postmortem ${name}`);
  });
});

describe('tocsin postmortem output', () => {
  const item = { id: ITEM, title: 'Add a canary', owner_id: ID, owner_name: 'Ada', due_date: '2026-12-15', done: true };
  it.each([
    [[], 'No action items.'],
    [[item], `ID                                    DONE  DUE         OWNER  ACTION\n${ITEM}  yes   2026-12-15  Ada    Add a canary`],
    [
      [{ ...item, owner_id: null, owner_name: null, due_date: null, done: false }],
      `ID                                    DONE  DUE  OWNER  ACTION\n${ITEM}  no    -    -      Add a canary`,
    ],
  ])('action items %#', (items, expected) => {
    expect(formatActionItems(items)).toBe(expected);
  });

  it('shows the title, status with publication, the items and the Markdown', () => {
    const shown = formatPostmortem({
      id: ITEM,
      incident_id: ID,
      title: 'Postmortem: Checkout down',
      status: 'published',
      content: '## Root cause\n\nA bad deploy.\n',
      published_at: '2026-11-29T12:00:00.000Z',
      updated_at: '2026-11-29T12:00:00.000Z',
      action_items: [],
    });
    expect(shown.split('\n')).toEqual([
      'Postmortem: Checkout down',
      'status: published (published 2026-11-29 12:00:00Z)',
      'updated: 2026-11-29 12:00:00Z',
      '',
      'No action items.',
      '',
      '## Root cause',
      '',
      'A bad deploy.',
    ]);
  });
});
