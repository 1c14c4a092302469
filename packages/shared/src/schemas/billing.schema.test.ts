import { describe, expect, it } from 'vitest';
import { PLAN_FEATURES, PLAN_LIMITS, PREMIUM_MAX_EMPLOYEES, PREMIUM_MIN_EMPLOYEES } from '../constants.js';
import { planCatalogue, premiumPricing } from './billing.js';

describe('Premium pricing', () => {
  it('charges the price per employee each month', () => {
    expect(premiumPricing(7, 1.5)).toEqual({
      employeeCount: 7,
      pricePerEmployee: 1.5,
      billingCycle: 'monthly',
      pricePerEmployeePerPeriod: '1.50',
      subtotal: '10.50',
      total: '10.50',
      currency: 'USD',
    });
  });
  it('charges twelve months a year, without discount', () => {
    expect(premiumPricing(5, 2, 'annual')).toMatchObject({ billingCycle: 'annual', pricePerEmployeePerPeriod: '24.00', subtotal: '120.00', total: '120.00' });
  });
  it('counts in cents, so 0.1 x 3 is 0.30', () => {
    expect(premiumPricing(3, 0.1).total).toBe('0.30');
    expect(premiumPricing(3, 19.99).total).toBe('59.97');
  });
});

describe('plan catalogue', () => {
  const opts = { pricePerEmployee: 2, salesContactUrl: 'https://presente.pe/ventas' };
  it('gives the PayPal client id only in PayPal mode', () => {
    expect(planCatalogue({ ...opts, mode: 'paypal', paypalClientId: 'abc' }).paypalClientId).toBe('abc');
    expect(planCatalogue({ ...opts, mode: 'paypal' }).paypalClientId).toBeNull();
    expect(planCatalogue({ ...opts, mode: 'simulator', paypalClientId: 'abc' }).paypalClientId).toBeNull();
  });
  it('lists the three plans with their limits, the cycles and the terms', () => {
    const c = planCatalogue({ ...opts, mode: 'paypal' });
    expect(c).toMatchObject({
      mode: 'paypal',
      currency: 'USD',
      billingCycles: ['monthly', 'annual'],
      terms: { graceDays: 7, arrearsDeletionDays: 30, retentionDays: 30 },
    });
    expect(c.plans).toEqual([
      { id: 'FREE', price: 0, limits: PLAN_LIMITS.FREE, includes: PLAN_FEATURES.FREE, features: ['basicReports', 'emailSupport'] },
      {
        id: 'PREMIUM',
        pricePerEmployee: 2,
        minEmployees: PREMIUM_MIN_EMPLOYEES,
        maxEmployees: PREMIUM_MAX_EMPLOYEES,
        limits: PLAN_LIMITS.PREMIUM,
        includes: PLAN_FEATURES.PREMIUM,
        features: ['fullReports', 'export', 'prioritySupport'],
      },
      { id: 'ENTERPRISE', minEmployees: 50, salesContactUrl: 'https://presente.pe/ventas', features: ['customQuote'] },
    ]);
  });
});
