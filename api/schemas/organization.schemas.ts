import { z } from 'zod';
import { OrganizationSettingsPatchSchema, OrganizationSettingsSchema } from '../../shared/domain/organization-settings.ts';
import { OrganizationSchema } from './auth.schemas.ts';
import { single } from './common.ts';

export const OrganizationUpdateBody = z.object({ name: z.string().trim().min(1).max(200) }).strict();
export const OrganizationResponse = single(OrganizationSchema);

export const OrganizationSettingsPatchBody = OrganizationSettingsPatchSchema;
export const OrganizationSettingsResponse = single(OrganizationSettingsSchema);
