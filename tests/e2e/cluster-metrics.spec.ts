import { startTestSmtpServer, waitFor } from '../support/smtp';
import { expect, test } from './fixtures';
import { requestOnNewConnection as request } from './new-connection';
import { startServer } from './server';

const metricsToken = 'e2e-cluster-metrics-token-0123456789';

/** The value of one series in a scrape; a missing series fails the test rather than reading as 0. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  if (line === undefined) throw new Error(`${series} is not in the scrape:\n${text}`);
  return Number(line.slice(series.length + 1));
}

test('with two workers, GET /metrics adds up both workers and the primary, whichever worker answers', async () => {
  // Three processes start and stop on a two-core machine shared with the other specs.
  test.setTimeout(120_000);
  const smtp = await startTestSmtpServer();
  const server = await startServer({
    WEB_CONCURRENCY: '2',
    METRICS_TOKEN: metricsToken,
    SMTP_URL: smtp.url,
    NOTIFY_EMAIL: 'office@northstar.test',
    ENQUIRY_RATE_LIMIT: '1000',
    // One mail per enquiry (the staff notification), so the outbox count is the enquiry count.
    PARENT_CONFIRMATION: 'off',
    LOG_LEVEL: 'info',
  });
  try {
    await waitFor(() => server.output().includes('2 server processes'), 30_000);
    const enquiries = 3;
    for (let index = 0; index < enquiries; index += 1) {
      const answer = await request(server.baseUrl, '/api/contact-submissions', {
        method: 'POST',
        body: {
          firstName: 'Metric',
          lastName: 'Parent',
          email: `metrics-${index}@example.test`,
          mobile: '07700 900123',
          message: 'Is there space in the Saturday group?',
        },
      });
      expect(answer.status).toBe(201);
    }
    await waitFor(() => smtp.received.length === enquiries, 30_000);

    // Twenty requests, each on a new connection: round-robin gives each worker about half.
    const requests = 20;
    for (let index = 0; index < requests; index += 1) {
      expect((await request(server.baseUrl, '/api/openapi.json')).status).toBe(200);
    }

    const scrapes: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      const answer = await request(server.baseUrl, '/metrics', {
        headers: { authorization: `Bearer ${metricsToken}` },
      });
      expect(answer.status).toBe(200);
      scrapes.push(answer.body);
    }
    for (const text of scrapes) {
      // Every process took part: two workers and the primary.
      expect(sample(text, 'metrics_processes{role="worker"}')).toBe(2);
      expect(sample(text, 'metrics_processes{role="primary"}')).toBe(1);
      // Both workers' requests, added up, whichever worker answered the scrape.
      expect(sample(text, 'http_requests_total{method="GET",route="/api/openapi.json",status="200"}')).toBe(requests);
      expect(sample(text, 'http_requests_total{method="POST",route="/api/contact-submissions",status="201"}')).toBe(
        enquiries,
      );
      // The outbox, from the primary that sends the mail, counted once (not once per process).
      expect(sample(text, 'mail_outbox_messages{status="sent"}')).toBe(enquiries);
      expect(sample(text, 'mail_outbox_messages{status="pending"}')).toBe(0);
      expect(sample(text, 'mail_send_failures_total')).toBe(0);
      // Memory of all three processes: more than any one of them (a worker is over 100 MB).
      expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(200_000_000);
      // One valid exposition: each family declared once.
      const types = text.split('\n').filter((line) => line.startsWith('# TYPE '));
      expect(new Set(types).size).toBe(types.length);
      expect(text).toContain('# TYPE http_request_duration_seconds histogram');
      expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    }
  } finally {
    expect(await server.stop('SIGTERM')).toBe(0);
    await smtp.close();
    server.remove();
  }
});
