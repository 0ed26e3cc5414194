import { api } from '@/lib/api-client';

/**
 * A stand-in for the network in fetcher tests: the shared client is switched to axios' fetch adapter with this fetch,
 * which records each request and answers from a list. Nothing here runs in the app.
 */
export type RecordedRequest = { method: string; url: string; body: unknown; headers: Headers };
export type FakeAnswer = { status: number; body?: unknown };

export function fakeFetch(answers: FakeAnswer[]) {
  const requests: RecordedRequest[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const type = request.headers.get('content-type') ?? '';
    const body = /multipart\/form-data/.test(type)
      ? await request.formData()
      : request.method === 'GET' || request.method === 'DELETE'
        ? null
        : await request.text().then((text) => (text ? JSON.parse(text) : null));
    requests.push({
      method: request.method,
      url: new URL(request.url).pathname + new URL(request.url).search,
      body,
      headers: request.headers,
    });
    const answer = answers.shift() ?? { status: 500, body: { error: 'no answer left in the test' } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { requests, fetchImpl };
}

/** Routes the shared client through a fake fetch answering from `answers`; returns what it records. */
export function withFakeFetch(answers: FakeAnswer[]) {
  const fake = fakeFetch(answers);
  api.defaults.adapter = 'fetch';
  api.defaults.baseURL = 'http://web.test';
  api.defaults.env = { ...api.defaults.env, fetch: fake.fetchImpl };
  return fake;
}
