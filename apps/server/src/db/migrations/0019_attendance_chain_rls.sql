SELECT presente_protect_table('attendance_chain');
--> statement-breakpoint
SELECT presente_protect_table('attendance_chain_heads');
