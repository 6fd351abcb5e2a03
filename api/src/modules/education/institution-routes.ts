/**
 * Institutions: GET/POST /api/education-institutions, domain verification (DNS or email), tier changes,
 * bulk enrolment, and the Analytics tab's figures (members: member-routes.ts).
 */
import {
  EnrolmentCsvRequestSchema,
  InstitutionCreateRequestSchema,
  InstitutionIdParamsSchema,
  TierChangeRequestSchema,
  VerificationCodeRequestSchema,
  VerificationEmailRequestSchema,
  type TierChangeResponse,
} from '@onair/protocol';
import { z } from 'zod';
import { badRequest, conflict, HttpError, unprocessable } from '../../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { requireInstitution, STAFF_ROLES } from './access.ts';
import { assertCourseOf } from './courses.ts';
import { challengeFor, domainHasToken, type TxtResolver } from './domain-verification.ts';
import { confirmDomainProof, sendDomainProof } from './domain-email.ts';
import { enrolFromCsv } from './enrolment.ts';
import { foundInstitution } from './founding.ts';
import { presentInstitution, presentInstitutions } from './institutions.ts';
import { institutionAnalytics } from './progress.ts';
import { changeTier } from './tier-billing.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';

const DomainProofParamsSchema = z.object({ id: z.coerce.number().int().positive(), code: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{8}$/, { error: 'code must be 8 letters and digits' }) });

export interface EducationDeps {
  txtResolver: TxtResolver;
  /** Domain proofs and invitations by email. */
  mailer: Mailer;
}

export function institutionRoutes(app: ZodApp, deps: EducationDeps) {
  const db = app.db.kysely;

  app.get('/api/education-institutions', { onRequest: app.requireUser }, async (request) => {
    const user = signedInUser(request);
    let query = db.selectFrom('institutions').selectAll().where('type', '!=', 'church');
    if (user.role !== 'admin') {
      query = query.where('id', 'in', db.selectFrom('institutionMembers').select('institutionId').where('userId', '=', user.id));
    }
    return presentInstitutions(db, await query.orderBy('name').orderBy('id').execute(), user.id);
  });

  app.post('/api/education-institutions', { onRequest: app.requireUser, schema: { body: InstitutionCreateRequestSchema } }, async (request, reply) => {
    const input = request.body;
    const user = signedInUser(request);
    const row = await foundInstitution(db, user.id, { name: input.name, type: input.type, domain: input.domain, timeZone: null });
    return reply.code(201).send(await presentInstitution(db, row, user.id));
  });

  /** The DNS TXT record that proves the domain: owners only (the token is their secret). */
  app.post('/api/education-institutions/:id/verification', { onRequest: app.requireUser, schema: { params: InstitutionIdParamsSchema } }, async (request) => {
    const { institution } = await requireInstitution(db, signedInUser(request), request.params.id, { allowed: ['owner'] });
    if (!institution.domain) throw badRequest('domain: this institution has no domain to verify');
    return challengeFor(institution.domain, institution.verificationToken);
  });

  app.post('/api/education-institutions/:id/verify', { onRequest: app.requireUser, schema: { params: InstitutionIdParamsSchema } }, async (request) => {
    const user = signedInUser(request);
    const { institution } = await requireInstitution(db, user, request.params.id, { allowed: ['owner'] });
    if (!institution.domain) throw badRequest('domain: this institution has no domain to verify');
    if (institution.verified !== 1) {
      const found = await domainHasToken(deps.txtResolver, institution.domain, institution.verificationToken);
      if (!found) {
        const { recordName, recordValue } = challengeFor(institution.domain, institution.verificationToken);
        throw unprocessable(`domain: no TXT record "${recordValue}" found at ${recordName} yet (DNS changes can take a while to appear)`);
      }
      await db.updateTable('institutions').set({ verified: 1 }).where('id', '=', institution.id).execute();
    }
    const row = await db.selectFrom('institutions').selectAll().where('id', '=', institution.id).executeTakeFirstOrThrow();
    return presentInstitution(db, row, user.id);
  });

  /**
   * Proof by email: a code to an administrative mailbox at the domain (`mailbox`@domain). Following the
   * link in the email, or the owner entering its code, marks the institution verified.
   */
  app.post('/api/education-institutions/:id/verification-email', { onRequest: app.requireUser, schema: { params: InstitutionIdParamsSchema, body: VerificationEmailRequestSchema } }, async (request) => {
    const { mailbox } = request.body;
    const { institution } = await requireInstitution(db, signedInUser(request), request.params.id, { allowed: ['owner'] });
    if (institution.verified === 1) throw conflict('domain: this institution is already verified');
    return sendDomainProof(app, deps.mailer, institution, mailbox);
  });

  app.post('/api/education-institutions/:id/verify-email', { onRequest: app.requireUser, schema: { params: InstitutionIdParamsSchema, body: VerificationCodeRequestSchema } }, async (request) => {
    const { code } = request.body;
    const user = signedInUser(request);
    const { institution } = await requireInstitution(db, user, request.params.id, { allowed: ['owner'] });
    await confirmDomainProof(app, institution.id, code);
    return presentInstitution(db, await db.selectFrom('institutions').selectAll().where('id', '=', institution.id).executeTakeFirstOrThrow(), user.id);
  });

  /** The link in the email: whoever reads the mailbox need not have an account. Answers with a page that says what happened. */
  app.get('/api/education-domain-proofs/:id/:code', { schema: { params: DomainProofParamsSchema }, config: { document: true } }, async (request, reply) => {
    const { id, code } = request.params;
    const page = (title: string, body: string) =>
      reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="en"><meta charset="utf-8"><title>${title}</title><body style="font-family:sans-serif;max-width:36rem;margin:4rem auto"><h1>${title}</h1><p>${body}</p><p><a href="/education-mode">Open Education Mode</a></p></body></html>`);
    try {
      await confirmDomainProof(app, id, code);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      reply.code(error.statusCode);
      return page('Domain not confirmed', 'This link is wrong or has expired. Ask the institution’s owner to send a new email.');
    }
    return page('Domain confirmed', 'Thank you: the institution’s domain is verified on OnAir.');
  });

  /**
   * Changing tier: Premium (and Enterprise at its agreed price) bill through the monetization
   * provider; Enterprise is set up by an admin; a downgrade must still fit the students enrolled.
   */
  app.post('/api/education-institutions/:id/tier', { onRequest: app.requireUser, schema: { params: InstitutionIdParamsSchema, body: TierChangeRequestSchema } }, async (request): Promise<TierChangeResponse> => {
    const user = signedInUser(request);
    const input = request.body;
    const { institution } = await requireInstitution(db, user, request.params.id, { allowed: ['owner'], kind: 'school' });
    return changeTier(app, user, institution, input);
  });

  app.post('/api/education-institutions/:id/enrolments', { onRequest: app.requireUser, schema: { params: InstitutionIdParamsSchema, body: EnrolmentCsvRequestSchema } }, async (request) => {
    const input = request.body;
    const user = signedInUser(request);
    const { institution } = await requireInstitution(db, user, request.params.id, { allowed: ['owner', 'teacher'], kind: 'school' });
    if (input.courseId) await assertCourseOf(db, institution.id, input.courseId);
    return enrolFromCsv(app, deps.mailer, institution, input.csv, input.courseId ?? null, user);
  });

  app.get('/api/education-institutions/:id/analytics', { onRequest: app.requireUser, schema: { params: InstitutionIdParamsSchema } }, async (request) => {
    const { institution } = await requireInstitution(db, signedInUser(request), request.params.id, { allowed: STAFF_ROLES, kind: 'school' });
    return institutionAnalytics(db, institution.id);
  });
}
