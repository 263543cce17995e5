import type { FastifyRequest } from 'fastify';
import {
  type AccessAction,
  type AccessOutcome,
  type AccessTargetKind,
  UNKNOWN_ACTOR_NAME,
} from '../../../shared/access-log/access-log';
import type { AccessLogRepo } from './repo';

/** Who acted: a principal (the key, a token, an account), or nobody we know. */
export type AccessActor = { kind: 'key' | 'token' | 'account'; id?: number; name: string } | { kind: 'anonymous' };

export interface AccessEntry {
  action: AccessAction;
  /** The record acted on; an enquiry by its id only, never anything of the parent's. */
  target?: { kind: AccessTargetKind; id: string | number };
  /** `ok` unless said otherwise: a refused sign-in. */
  outcome?: AccessOutcome;
  /** Whoever the request proved to be, unless said otherwise (a sign-in, before anyone is signed in). */
  actor?: AccessActor;
}

/**
 * Writes one access-log entry for a request. It never fails the request it records: a failed
 * write is logged (the action and the error's words, nothing of the request) and forgotten.
 */
export type RecordAccess = (request: FastifyRequest, entry: AccessEntry) => Promise<void>;

export function createRecorder(repo: AccessLogRepo, clock: () => Date): RecordAccess {
  return async (request, { action, target, outcome = 'ok', actor }) => {
    const who: AccessActor = actor ?? request.adminAuth?.principal ?? { kind: 'anonymous' };
    try {
      await repo.add({
        at: clock().toISOString(),
        actor_kind: who.kind,
        actor_id: who.kind === 'anonymous' ? null : (who.id ?? null),
        actor_name: who.kind === 'anonymous' ? UNKNOWN_ACTOR_NAME : who.name,
        action,
        target_kind: target?.kind ?? null,
        target_id: target === undefined ? null : String(target.id),
        outcome,
      });
    } catch (error) {
      request.log.error(
        { action, error: error instanceof Error ? error.message : 'unknown error' },
        'could not write to the access log',
      );
    }
  };
}
