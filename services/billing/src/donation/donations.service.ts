import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  BillingErrorCode,
  donationCents,
  formatCents,
  type CapturedDonation,
  type DonationOrder,
} from '@pixtract/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { billingError } from '../billing-error';
import { CaptureStatus, OrderStatus } from '@paypal/paypal-server-sdk';
import { PayPalApiError, PayPalClient } from '../paypal/paypal.client';
import { DonationEntity } from './donation.entity';

const CURRENCY = 'USD';
const DESCRIPTION = 'Donation to Pixtract';

/**
 * Donations: an Orders v2 order for the amount (validated here as in the dialog), which the buyer approves in
 * PayPal's window and billing then captures. Capturing twice answers the first capture.
 */
@Injectable()
export class DonationsService {
  private readonly logger = new Logger(DonationsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly paypal: PayPalClient,
  ) {}

  async create(amount: string, userId: number | null): Promise<DonationOrder> {
    const cents = donationCents(amount);
    if (cents === null) throw billingError(BillingErrorCode.InvalidAmount, 400);
    if (!this.paypal.configured) throw billingError(BillingErrorCode.BillingUnavailable, 503);
    const orderId = await this.paypal
      .createOrder({ value: formatCents(cents), currency: CURRENCY, description: DESCRIPTION, requestId: randomUUID() })
      .catch((error: unknown) => this.failed(error));
    await this.dataSource
      .getRepository(DonationEntity)
      .save({ paypalOrderId: orderId, userId, amountCents: cents, currency: CURRENCY });
    return { orderId };
  }

  async capture(orderId: string): Promise<CapturedDonation> {
    return this.dataSource.transaction(async (manager) => {
      const donation = await manager.findOne(DonationEntity, {
        where: { paypalOrderId: orderId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!donation) throw billingError(BillingErrorCode.PaymentNotFound, 404);
      if (donation.status !== 'completed') {
        const order = await this.paypal.captureOrder(orderId, `capture-${orderId}`).catch(async (error: unknown) => {
          if (error instanceof PayPalApiError && error.issue === 'ORDER_NOT_APPROVED')
            throw billingError(BillingErrorCode.PaymentNotApproved, 409, error);
          // Captured already (a webhook or another tab was first): the order says so.
          if (error instanceof PayPalApiError && error.issue === 'ORDER_ALREADY_CAPTURED')
            return this.paypal.getOrder(orderId).catch((again: unknown) => this.failed(again));
          return this.failed(error);
        });
        const capture = order.purchaseUnits?.[0]?.payments?.captures?.[0];
        if (order.status !== OrderStatus.Completed || !capture?.id)
          this.failed(new Error(`order ${orderId} is ${order.status}`));
        await this.complete(manager, donation, capture.id);
      }
      return { orderId, status: 'COMPLETED', amount: formatCents(donation.amountCents), currency: donation.currency };
    });
  }

  /**
   * PAYMENT.CAPTURE.COMPLETED names one of our orders (the capture answer may have been lost on the way): the order
   * is read from PayPal, and the donation completes only when PayPal says the order and its capture are COMPLETED.
   * Answers whether a donation of ours was looked at; PayPal's failures (404: unknown order) surface as
   * PayPalApiError.
   */
  async completeIfCaptured(manager: EntityManager, orderId: string): Promise<boolean> {
    const donation = await manager.findOne(DonationEntity, {
      where: { paypalOrderId: orderId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!donation) return false;
    if (donation.status === 'completed') return true;
    const order = await this.paypal.getOrder(orderId);
    const capture = order.purchaseUnits?.[0]?.payments?.captures?.find(
      (found) => found.status === CaptureStatus.Completed,
    );
    if (order.status === OrderStatus.Completed && capture?.id) await this.complete(manager, donation, capture.id);
    else
      this.logger.warn({ msg: 'capture event for an order PayPal has not completed', orderId, status: order.status });
    return true;
  }

  private async complete(manager: EntityManager, donation: DonationEntity, captureId: string): Promise<void> {
    await manager.update(
      DonationEntity,
      { id: donation.id },
      { status: 'completed', paypalCaptureId: captureId, completedAt: new Date() },
    );
    donation.status = 'completed';
    this.logger.log({ msg: 'donation completed', orderId: donation.paypalOrderId, amountCents: donation.amountCents });
  }

  private failed(error: unknown): never {
    this.logger.error({ msg: 'PayPal call for a donation failed', err: error });
    throw billingError(BillingErrorCode.PaymentError, 502, error);
  }
}
