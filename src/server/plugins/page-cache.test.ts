import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageCache } from './page-cache';

describe('PageCache', () => {
  afterEach(() => vi.useRealTimers());

  it('serves a page until it expires', () => {
    vi.useFakeTimers();
    const cache = new PageCache(2000);
    cache.set('/', { status: 200, html: 'home' });
    vi.advanceTimersByTime(1999);
    expect(cache.get('/')).toMatchObject({ status: 200, html: 'home' });
    vi.advanceTimersByTime(1);
    expect(cache.get('/')).toBeUndefined();
  });

  it('keeps nothing when its time to live is zero', () => {
    const cache = new PageCache(0);
    cache.set('/', { status: 200, html: 'home' });
    expect(cache.get('/')).toBeUndefined();
  });

  it('evicts the oldest entry instead of growing past its bound', () => {
    const cache = new PageCache(60_000, 2);
    cache.set('/a', { status: 200, html: 'a' });
    cache.set('/b', { status: 200, html: 'b' });
    cache.set('/c', { status: 200, html: 'c' });
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.get('/b')?.html).toBe('b');
    expect(cache.get('/c')?.html).toBe('c');
  });

  it('is cleared by a successful API write, not by reads or refused writes', async () => {
    const app = Fastify();
    const cache = new PageCache(60_000);
    cache.clearOnWrites(app);
    app.get('/api/read', async () => ({ ok: true }));
    app.post('/api/write', async () => ({ ok: true }));
    app.post('/api/refused', async (_request, reply) => reply.code(400).send({ error: 'no' }));
    const cached = () => cache.get('/') !== undefined;

    cache.set('/', { status: 200, html: 'home' });
    await app.inject('/api/read');
    await app.inject({ method: 'POST', url: '/api/refused' });
    expect(cached()).toBe(true);
    await app.inject({ method: 'POST', url: '/api/write' });
    expect(cached()).toBe(false);
    await app.close();
  });
});
