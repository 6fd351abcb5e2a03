import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listen, signIn, type TestApp } from '../../../test/support/app.ts';
import { closeAllSockets, connectSocket, nextEvent } from '../../../test/support/sockets.ts';

describe('questions to the host', () => {
  let t: TestApp;
  let url: string;
  let viewer: string;
  let listener: string;
  let creator: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    url = await listen(t);
    [viewer, listener, creator, admin] = await Promise.all([
      signIn(t.app, 'viewer', 'viewer123'),
      signIn(t.app, 'listener', 'listener123'),
      signIn(t.app, 'creator', 'creator123'),
      signIn(t.app, 'admin', 'admin123'),
    ]);
  });
  afterEach(() => closeAllSockets());
  afterAll(() => t.close());

  it('delivers a question to the host live; the host answers and the asker sees it', async () => {
    const item = await t.database.db.kysely
      .selectFrom('content')
      .innerJoin('users', 'users.id', 'content.creatorId')
      .select('content.id')
      .where('users.username', '=', 'creator')
      .executeTakeFirstOrThrow();
    const [host, asker] = [await connectSocket(url, creator), await connectSocket(url, viewer)];
    const arrived = nextEvent(host, 'qna:question');
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/qna/submit',
      headers: { cookie: viewer },
      payload: { question: 'Will you play the encore again?', contentId: item.id },
    });
    expect(submitted.statusCode).toBe(201);
    const question = await arrived;
    expect(question).toMatchObject({ question: 'Will you play the encore again?', username: 'viewer', answered: false });

    const hostList = (await t.app.inject({ method: 'GET', url: `/api/qna?contentId=${item.id}`, headers: { cookie: creator } })).json();
    expect(hostList.map((q: { id: number }) => q.id)).toContain(question.id);
    const othersList = (await t.app.inject({ method: 'GET', url: `/api/qna?contentId=${item.id}`, headers: { cookie: listener } })).json();
    expect(othersList).toHaveLength(0);

    expect((await t.app.inject({ method: 'POST', url: `/api/qna/${question.id}/answer`, headers: { cookie: listener } })).statusCode).toBe(403);
    const answeredLive = nextEvent(asker, 'qna:answered', (q) => q.id === question.id);
    const answer = await t.app.inject({ method: 'POST', url: `/api/qna/${question.id}/answer`, headers: { cookie: creator } });
    expect(answer.statusCode).toBe(200);
    expect((await answeredLive).answered).toBe(true);
  });

  it('sends lobby questions to the admins and validates input', async () => {
    const moderator = await connectSocket(url, admin);
    const arrived = nextEvent(moderator, 'qna:question');
    await t.app.inject({ method: 'POST', url: '/api/qna/submit', headers: { cookie: listener }, payload: { question: 'When is the next concert?' } });
    expect((await arrived).username).toBe('listener');
    const blank = await t.app.inject({ method: 'POST', url: '/api/qna/submit', headers: { cookie: listener }, payload: { question: '  ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toBe('question is required');
    expect((await t.app.inject({ method: 'POST', url: '/api/qna/submit', payload: { question: 'hi' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/qna/999/answer', headers: { cookie: admin } })).statusCode).toBe(404);
  });
});
