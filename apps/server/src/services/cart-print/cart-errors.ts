import { ErrorCode } from '@fotodrop/contract';
import { DomainError } from '../../http/errors';

export class AlreadyBoughtError extends DomainError {
  constructor(message = 'You have bought these photos already: find them in your album and your orders.') {
    super(400, ErrorCode.alreadyBought, message);
  }
}

export class CurrencyMismatchError extends DomainError {
  constructor(cartCurrency: string, currency: string, seller = 'this album sells') {
    super(
      400,
      ErrorCode.currencyMismatch,
      `Your cart holds photos paid in ${cartCurrency}; ${seller} in ${currency}. Finish the current order first.`,
      { cart_currency: cartCurrency, currency },
    );
  }
}
