import { ErrorCode, type FindByBibBody, lastNamesMatch } from '@fotodrop/contract';
import type { Db } from '../../db/client';
import { DomainError, NotFoundError } from '../../http/errors';
import { photoServicesRepository } from '../../repositories/photo-services.repository';
import { runnerLookupRepository } from '../../repositories/runner-lookup.repository';
import type { AuthContext } from '../accounts/auth.service';
import type { CheckinsService } from './checkins.service';
import type { WrongGuessLimits } from './code-guess-limits';

const runnerNotFound = () =>
  new DomainError(
    404,
    ErrorCode.runnerNotFound,
    'No runner of this event has this bib number and last name. Check both and try again.',
  );

/**
 * Find by bib (issue 20): a runner opens the album of their bib with their last name as the
 * second factor, as if they had typed the code the participants import gave them.
 */
export function findByBibService(deps: { db: Db; checkins: CheckinsService; bibGuesses: WrongGuessLimits }) {
  return {
    /** `ip`: the client address, whose wrong pairs are limited together with the account's. */
    async find(auth: AuthContext, slug: string, body: FindByBibBody, ip: string) {
      const event = await photoServicesRepository(deps.db).findBySlug(slug);
      // a draft's page does not exist for participants yet (issue 18), so neither does its search
      if (!event || event.status === 'draft') throw new NotFoundError('Event not found.');
      if (!event.findByBib) {
        throw new DomainError(403, ErrorCode.findByBibOff, 'This event does not find photos by bib number.');
      }
      const runner = await deps.bibGuesses.lookUp({ ip, userId: auth.user.id }, async () => {
        const found = await runnerLookupRepository(deps.db).byBib(event.id, body.bib);
        return found && lastNamesMatch(found.lastName, body.last_name) ? found : undefined;
      });
      if (!runner) throw runnerNotFound();
      return deps.checkins.openFound(auth, runner.picacode);
    },
  };
}
