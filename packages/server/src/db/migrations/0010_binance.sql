CREATE TABLE "binance_daily_values" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"value_usd" bigint NOT NULL,
	CONSTRAINT "binance_daily_values_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "binance_keys" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"api_key_sealed" text NOT NULL,
	"secret_key_sealed" text NOT NULL,
	"api_key_masked" varchar(16) NOT NULL,
	"can_trade" boolean NOT NULL,
	"can_withdraw" boolean NOT NULL,
	"figures" jsonb NOT NULL,
	"figures_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "include_crypto_in_total" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "binance_daily_values" ADD CONSTRAINT "binance_daily_values_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "binance_keys" ADD CONSTRAINT "binance_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;