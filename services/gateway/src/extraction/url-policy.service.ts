import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode } from '@pixtract/contracts';
import { SafeFetchError, SafeFetchPolicy, checkUrl, safeFetchPolicy } from '@pixtract/safe-fetch';
import { AppException } from '@pixtract/service-kit';
import { GATEWAY_CONFIG, GatewayConfig } from '../gateway.config';

/**
 * Refuses a hostile or unreachable address while the visitor is still waiting for the answer, so
 * they get a clear 4xx instead of a failed job. The worker checks again at fetch time: this is the
 * early answer, not the defence.
 */
@Injectable()
export class UrlPolicyService {
  private readonly policy: SafeFetchPolicy;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.policy = safeFetchPolicy({ allowPrivateNetworks: config.PIXTRACT_ALLOW_PRIVATE_NETWORKS });
  }

  async check(url: string): Promise<void> {
    try {
      await checkUrl(url, this.policy);
    } catch (error) {
      if (error instanceof SafeFetchError) throw new AppException(error.code, error.status >= 500 ? 422 : error.status);
      throw new AppException(ErrorCode.InvalidUrl, 400);
    }
  }
}
