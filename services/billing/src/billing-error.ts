import { HttpException } from '@nestjs/common';
import { BillingErrorCode, billingErrorBody } from '@pixtract/contracts';

/** A refusal with billing's catalogue code and words. */
export const billingError = (code: BillingErrorCode, status: number, cause?: unknown): HttpException =>
  new HttpException(billingErrorBody(code, status), status, cause === undefined ? undefined : { cause });
