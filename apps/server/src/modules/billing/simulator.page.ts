import { type Language, translate } from '@presente/shared';
import { escapeHtml } from '../../lib/html.js';
import type { SimApproval } from './simulator.js';

/**
 * The simulator's stand-in for PayPal's approval page: what is being approved, and two buttons
 * (plain HTML forms: no script, so the app's Content-Security-Policy needs nothing more).
 */
export function simulatorPage(lang: Language, action: string, approval: SimApproval | null): string {
  const t = (key: string) => escapeHtml(translate(key, lang));
  const body = approval
    ? (() => {
        const total = ((Math.round(Number(approval.pricePerPeriod) * 100) * approval.quantity) / 100).toFixed(2);
        const per = t(approval.cycle === 'annual' ? 'billing.sim.perYear' : 'billing.sim.perMonth');
        return `<h1>${t(approval.kind === 'revise' ? 'billing.sim.reviseTitle' : 'billing.sim.subscribeTitle')}</h1>
<p class="brand">${escapeHtml(approval.brandName)}</p>
<table>
<tr><th>${t('billing.sim.employees')}</th><td>${approval.quantity}</td></tr>
<tr><th>${t('billing.sim.pricePerEmployee')}</th><td>${escapeHtml(approval.pricePerPeriod)} ${escapeHtml(approval.currency)} ${per}</td></tr>
<tr><th>${t('billing.sim.total')}</th><td><strong>${total} ${escapeHtml(approval.currency)}</strong> ${per}</td></tr>
</table>
<div class="actions">
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="decision" value="approve"><button class="approve" type="submit">${t('billing.sim.approve')}</button></form>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="decision" value="cancel"><button class="cancel" type="submit">${t('billing.sim.cancel')}</button></form>
</div>`;
      })()
    : `<p>${t('billing.sim.done')}</p><p><a href="/company-admin/subscription">${t('billing.sim.back')}</a></p>`;
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t('billing.sim.testMode')} · Presente</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f6f8;margin:0;padding:24px;color:#1a1b1e}
main{max-width:440px;margin:40px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
.badge{display:inline-block;background:#fff3bf;color:#7c5800;border-radius:6px;padding:4px 10px;font-weight:600}
.notice{color:#555;font-size:14px}h1{font-size:20px}.brand{color:#555}
table{width:100%;border-collapse:collapse;margin:16px 0}th{text-align:left;font-weight:500;color:#555}th,td{padding:8px 0;border-bottom:1px solid #eee}
.actions{display:flex;gap:12px}button{flex:1;padding:12px;border:0;border-radius:8px;font-size:16px;cursor:pointer}
.approve{background:#0070ba;color:#fff}.cancel{background:#e9ecef;color:#1a1b1e}form{flex:1;display:flex}
</style></head>
<body><main>
<span class="badge">${t('billing.sim.testMode')}</span>
<p class="notice">${t('billing.sim.notice')}</p>
${body}
</main></body></html>`;
}
