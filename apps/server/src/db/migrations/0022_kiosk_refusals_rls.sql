-- Row-level security for the kiosk refusals (decision 0030 policy, decision 0057 table).
SELECT presente_protect_table('kiosk_refusals');
