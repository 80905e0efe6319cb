import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { BillingController } from './billing.controller';
import { BillingForwarder } from './billing-forwarder.service';

@Module({ imports: [AccountModule], controllers: [BillingController], providers: [BillingForwarder] })
export class BillingModule {}
