import { randomUUID } from 'node:crypto';
import { createChannelConnectionStore } from '../../../../shared/db/access/channel-connections.ts';
import { createChannelIdentityStore } from '../../../../shared/db/access/channel-identities.ts';
import { createSlackWorkspaceStore } from '../../../../shared/db/access/slack-workspaces.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every read of the store, on real PostgreSQL: another organization's members, linked Slack accounts
// and Slack pages are invisible to it; only the workspace lookup looks across organizations.
describe('SlackWorkspaceStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  let theirPage: string;
  const store = () => createSlackWorkspaceStore(db.em());
  const slackPage = async (organization: SeededOrganization) => {
    const incidentId = await db.incident(organization.id, 'Disk full');
    const [page] = await db.sql<{ id: string }>(
      `insert into pages (id, organization_id, incident_id, round, level, user_id, method, status, message_ref, created_at, updated_at)
       values (gen_random_uuid(), ?, ?, 1, 1, ?, 'slack', 'sent', 'C1:1700000000.000100', now(), now()) returning id`,
      [organization.id, incidentId, organization.ownerId],
    );
    return page!.id;
  };
  const connectWorkspace = (organization: SeededOrganization, teamId: string) =>
    createChannelConnectionStore(db.em()).put(organization.id, 'slack', { sealed: 'sealed', summary: { team_id: teamId } });
  const linkSlackAccount = (organization: SeededOrganization, slackUserId: string) =>
    createChannelIdentityStore(db.em()).link({
      organizationId: organization.id,
      kind: 'slack',
      externalId: slackUserId,
      externalName: null,
      userId: organization.ownerId,
      nonce: randomUUID(),
    });

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    theirPage = await slackPage(theirs);
    await linkSlackAccount(theirs, 'U-THEIRS');
  });
  afterAll(() => db?.stop());

  it("reads the organization's own members and linked accounts only", async () => {
    expect(await store().memberName(ours.id, theirs.ownerId)).toBeUndefined();
    expect(await store().memberRole(ours.id, theirs.ownerId)).toBeUndefined();
    expect(await store().linkedMember(ours.id, 'U-THEIRS')).toBeUndefined();
    expect(await store().memberName(theirs.id, theirs.ownerId)).toBe(`Owner of ${theirs.name}`);
    expect(await store().memberRole(theirs.id, theirs.ownerId)).toBe('owner');
    expect(await store().linkedMember(theirs.id, 'U-THEIRS')).toBe(theirs.ownerId);
  });

  it("reads the organization's own Slack pages only", async () => {
    expect(await store().pageMessage(ours.id, theirPage)).toBeUndefined();
    expect(await store().pageMessage(theirs.id, theirPage)).toEqual({ message_ref: 'C1:1700000000.000100', status: 'active' });
  });

  it('finds every organization connected to a workspace, and only those', async () => {
    const team = `T${randomUUID().slice(0, 8)}`;
    await connectWorkspace(ours, team);
    await connectWorkspace(theirs, `T-other-${team}`);
    expect(await store().organizationsOfTeamAcrossOrganizations(team)).toEqual([ours.id]);
    await connectWorkspace(theirs, team);
    expect(await store().organizationsOfTeamAcrossOrganizations(team)).toEqual([ours.id, theirs.id].sort());
  });
});
