SELECT presente_protect_table('punch_receipts');
