import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { TeamRole } from '../../domain/teams.ts';
import { uuidv7 } from '../../uuidv7.ts';
import { tenantFilter } from '../tenant-filter.ts';
import { OrganizationEntity } from './organization.entity.ts';

/** A group of members that owns integrations, rules, schedules and policies and can be paged as one. */
export const TeamEntity = defineEntity({
  name: 'Team',
  tableName: 'teams',
  filters: tenantFilter(),
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => uuidv7()),
    organization: () => p.manyToOne(OrganizationEntity).index(),
    /** Unique within the organization, case-insensitively (unique index on lower(name)). */
    name: p.string().length(200),
    description: p.text().nullable(),
    /** What the team's integrations page when their routing names no policy; null: the organization's default. */
    defaultEscalationPolicyId: p.uuid().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export type Team = InferEntity<typeof TeamEntity>;

/** One member of a team, once per team. */
export const TeamMemberEntity = defineEntity({
  name: 'TeamMember',
  tableName: 'team_members',
  filters: tenantFilter(),
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => uuidv7()),
    organization: () => p.manyToOne(OrganizationEntity),
    teamId: p.uuid(),
    userId: p.uuid(),
    role: p.string().$type<TeamRole>().default('member'),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type TeamMember = InferEntity<typeof TeamMemberEntity>;
