/**
 * Accounts: one row per person who signed in, keyed by avaId and linked to its Firebase user.
 * Maps the table to the spec's User profile entity (src/shared/user.ts).
 */
import { type Kysely, type Selectable, type Updateable, sql } from 'kysely';
import type { Channel, UserProfile, UserRole, VoicingProfile, TtsVoice } from '../../shared/user';
import type { TtsGender } from '../../shared/tts';
import type { Database, UsersTable } from '../db';

type Row = Selectable<UsersTable>;

function json<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

function definedOnly<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null)) as T;
}

function toProfile(row: Row): UserProfile {
  return definedOnly<UserProfile>({
    avaId: row.ava_id,
    avaName: row.ava_name,
    userName: row.user_name,
    accountType: row.account_type,
    emails: json(row.emails, {}),
    phoneNumber: row.phone_number ?? undefined,
    userPhoto: row.user_photo ?? undefined,
    organization: json(row.organization, undefined),
    organizationId: row.organization_id ?? undefined,
    country: row.country ?? undefined,
    city: row.city ?? undefined,
    convoMetrics: json(row.convo_metrics, { total_conversations: 0 }),
    hearingProfile: row.hearing_profile ?? undefined,
    voicingProfile: (row.voicing_profile as VoicingProfile | null) ?? undefined,
    ttsVoice: (row.tts_voice as TtsVoice | null) ?? undefined,
    ttsGender: (row.tts_gender as TtsGender | null) ?? undefined,
    role: (row.role as UserRole | null) ?? undefined,
    orgProperties: json(row.org_properties, undefined),
    firebaseAuthUID: row.firebase_auth_uid,
    features: json(row.features, {}),
    subscription: json(row.subscription, {}),
    scribeRemainingTime: Number(row.scribe_remaining_time),
    paidASRCreditTime: Number(row.paid_asr_credit_time),
    settings: json(row.settings, {}),
    inviteMetrics: json(row.invite_metrics, {}),
    joinMetrics: json(row.join_metrics, {}),
    channel: (row.channel as Channel | null) ?? undefined,
    createdAtMs: Number(row.created_at_ms),
  });
}

/**
 * Changes to a profile, by the spec's field names; undefined leaves a field as it is. `settings`
 * and `features` are merged key by key in SQL, so two saves at once (the font size and the
 * language) both land.
 */
export type ProfileChanges = Partial<
  Pick<
    UserProfile,
    | 'avaName'
    | 'userName'
    | 'emails'
    | 'phoneNumber'
    | 'userPhoto'
    | 'country'
    | 'city'
    | 'convoMetrics'
    | 'hearingProfile'
    | 'voicingProfile'
    | 'ttsVoice'
    | 'ttsGender'
    | 'role'
    | 'features'
    | 'settings'
    | 'inviteMetrics'
    | 'joinMetrics'
  >
>;

function toColumns(changes: ProfileChanges): Updateable<UsersTable> {
  const columns: Updateable<UsersTable> = {};
  if (changes.avaName !== undefined) columns.ava_name = changes.avaName;
  if (changes.userName !== undefined) columns.user_name = changes.userName;
  if (changes.emails !== undefined) columns.emails = JSON.stringify(changes.emails);
  if (changes.phoneNumber !== undefined) columns.phone_number = changes.phoneNumber;
  if (changes.userPhoto !== undefined) columns.user_photo = changes.userPhoto;
  if (changes.country !== undefined) columns.country = changes.country;
  if (changes.city !== undefined) columns.city = changes.city;
  if (changes.convoMetrics !== undefined) columns.convo_metrics = JSON.stringify(changes.convoMetrics);
  if (changes.hearingProfile !== undefined) columns.hearing_profile = changes.hearingProfile;
  if (changes.voicingProfile !== undefined) columns.voicing_profile = changes.voicingProfile;
  if (changes.ttsVoice !== undefined) columns.tts_voice = changes.ttsVoice;
  if (changes.ttsGender !== undefined) columns.tts_gender = changes.ttsGender;
  if (changes.role !== undefined) columns.role = changes.role;
  if (changes.inviteMetrics !== undefined) columns.invite_metrics = JSON.stringify(changes.inviteMetrics);
  if (changes.joinMetrics !== undefined) columns.join_metrics = JSON.stringify(changes.joinMetrics);
  return columns;
}

export class UserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(profile: UserProfile, nowMs: number): Promise<UserProfile> {
    await this.db
      .insertInto('users')
      .values({
        ava_id: profile.avaId,
        firebase_auth_uid: profile.firebaseAuthUID,
        ava_name: profile.avaName,
        user_name: profile.userName,
        account_type: profile.accountType,
        emails: JSON.stringify(profile.emails),
        phone_number: profile.phoneNumber ?? null,
        user_photo: profile.userPhoto ?? null,
        organization: profile.organization ? JSON.stringify(profile.organization) : null,
        organization_id: profile.organizationId ?? null,
        country: profile.country ?? null,
        city: profile.city ?? null,
        convo_metrics: JSON.stringify(profile.convoMetrics),
        hearing_profile: profile.hearingProfile ?? null,
        voicing_profile: profile.voicingProfile ?? null,
        tts_voice: profile.ttsVoice ?? null,
        tts_gender: profile.ttsGender ?? null,
        role: profile.role ?? null,
        org_properties: profile.orgProperties ? JSON.stringify(profile.orgProperties) : null,
        features: JSON.stringify(profile.features),
        subscription: JSON.stringify(profile.subscription),
        scribe_remaining_time: profile.scribeRemainingTime,
        paid_asr_credit_time: profile.paidASRCreditTime,
        settings: JSON.stringify(profile.settings),
        invite_metrics: JSON.stringify(profile.inviteMetrics),
        join_metrics: JSON.stringify(profile.joinMetrics),
        channel: profile.channel ?? null,
        created_at_ms: profile.createdAtMs,
        updated_at_ms: nowMs,
      })
      // Two first requests of one person at once: the second finds the first's row.
      .onConflict((oc) => oc.column('firebase_auth_uid').doNothing())
      .execute();
    const stored = await this.findByUid(profile.firebaseAuthUID);
    if (!stored) throw new Error(`user ${profile.avaId} was not stored`);
    return stored;
  }

  async findByUid(firebaseAuthUID: string): Promise<UserProfile | undefined> {
    const row = await this.db
      .selectFrom('users')
      .selectAll()
      .where('firebase_auth_uid', '=', firebaseAuthUID)
      .executeTakeFirst();
    return row ? toProfile(row) : undefined;
  }

  async find(avaId: string): Promise<UserProfile | undefined> {
    const row = await this.db.selectFrom('users').selectAll().where('ava_id', '=', avaId).executeTakeFirst();
    return row ? toProfile(row) : undefined;
  }

  async update(avaId: string, changes: ProfileChanges, nowMs: number): Promise<UserProfile | undefined> {
    const columns = toColumns(changes);
    await this.db
      .updateTable('users')
      .set({
        ...columns,
        ...(changes.settings
          ? { settings: sql<string>`settings || ${JSON.stringify(changes.settings)}::jsonb` }
          : {}),
        ...(changes.features
          ? { features: sql<string>`features || ${JSON.stringify(changes.features)}::jsonb` }
          : {}),
        updated_at_ms: nowMs,
      })
      .where('ava_id', '=', avaId)
      .execute();
    return this.find(avaId);
  }
}
