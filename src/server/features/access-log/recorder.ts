import type { FastifyRequest } from 'fastify';
import {
  type AccessAction,
  type AccessOutcome,
  type AccessTargetKind,
  UNKNOWN_ACTOR_NAME,
} from '../../../shared/access-log/access-log';
import { addressKey } from '../../client-address';
import type { AccessLogRepo, NewAccessEntry } from './repo';

/** Who acted: a principal (the key, a token, an account), or nobody we know. */
export type AccessActor = { kind: 'key' | 'token' | 'account'; id?: number; name: string } | { kind: 'anonymous' };

export interface AccessEntry {
  action: AccessAction;
  /** The record acted on; an enquiry by its id only, never anything of the parent's. */
  target?: { kind: AccessTargetKind; id: string | number };
  /** `ok` unless said otherwise: a refused sign-in or call. */
  outcome?: AccessOutcome;
  /** Whoever the request proved to be, unless said otherwise (a sign-in, before anyone is signed in). */
  actor?: AccessActor;
  /** The enquiries whose details the answer showed (a list page, a search, the export, the Bin), by id. */
  shownEnquiries?: readonly number[];
}

/**
 * Writes one access-log entry for a request. It never fails the request it records: a failed
 * write is logged (the action and the error's words, nothing of the request) and forgotten.
 */
export type RecordAccess = (request: FastifyRequest, entry: AccessEntry) => Promise<void>;

/**
 * Refusals written one by one per address and window; past them, one summary entry counts the
 * rest (decision 0058, "Budgets and the access log"): strangers cannot fill the log.
 */
export const REFUSALS_WRITTEN = { perAddress: 10, windowMs: 15 * 60_000 } as const;

/** Sign-ins and refusals carry where they came from (kept as long as the entry); nothing else does. */
const withAddress = (action: AccessAction, outcome: AccessOutcome) =>
  outcome === 'refused' || action === 'sign-in' || action === 'sign-in.failed';

export function createRecorder(repo: AccessLogRepo, clock: () => Date): RecordAccess {
  return async (request, { action, target, outcome = 'ok', actor, shownEnquiries = [] }) => {
    const who: AccessActor = actor ?? request.adminAuth?.principal ?? { kind: 'anonymous' };
    const at = clock();
    const entry: NewAccessEntry = {
      at: at.toISOString(),
      actor_kind: who.kind,
      actor_id: who.kind === 'anonymous' ? null : (who.id ?? null),
      actor_name: who.kind === 'anonymous' ? UNKNOWN_ACTOR_NAME : who.name,
      action,
      target_kind: target?.kind ?? null,
      target_id: target === undefined ? null : String(target.id),
      outcome,
      address: withAddress(action, outcome) ? request.ip : null,
    };
    try {
      if (outcome === 'refused') {
        const from = addressKey(request.ip);
        const { count, windowEndsAt } = await repo.countRefusal(from, REFUSALS_WRITTEN.windowMs, at);
        if (count > REFUSALS_WRITTEN.perAddress) {
          const summary: NewAccessEntry = {
            ...entry,
            actor_kind: 'anonymous',
            actor_id: null,
            actor_name: UNKNOWN_ACTOR_NAME,
            action: 'refused.more',
            target_kind: null,
            target_id: null,
            address: from,
          };
          await repo.addToSummary(summary, `${from}|${windowEndsAt.toISOString()}`);
          return;
        }
      }
      await repo.add(entry, shownEnquiries);
    } catch (error) {
      request.log.error(
        { action, error: error instanceof Error ? error.message : 'unknown error' },
        'could not write to the access log',
      );
    }
  };
}
