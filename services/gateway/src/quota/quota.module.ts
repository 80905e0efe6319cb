import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { QuotaGate } from './quota-gate.service';

/** One QuotaGate (and its metric) for every feature that admits and charges callers: extractions and crawls. */
@Module({
  imports: [AccountModule],
  providers: [QuotaGate],
  exports: [QuotaGate],
})
export class QuotaModule {}
