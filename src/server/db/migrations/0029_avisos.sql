CREATE TABLE "avisos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"canal" varchar(10) NOT NULL,
	"destino" integer NOT NULL,
	"evento" varchar(40) NOT NULL,
	"datos" jsonb NOT NULL,
	"grupo" varchar(60),
	"estado" varchar(10) DEFAULT 'pendiente' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"proximo_intento" timestamp with time zone,
	"ultimo_error" text,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_en" timestamp with time zone,
	"actualizado_en" timestamp with time zone,
	CONSTRAINT "avisos_canal_ck" CHECK ("avisos"."canal" in ('correo', 'webhook')),
	CONSTRAINT "avisos_estado_ck" CHECK ("avisos"."estado" in ('pendiente', 'enviado', 'fallido'))
);
--> statement-breakpoint
CREATE TABLE "correo_confirmaciones" (
	"usuario_id" integer PRIMARY KEY NOT NULL,
	"correo" varchar(254) NOT NULL,
	"token_hash" char(64) NOT NULL,
	"vence" timestamp with time zone NOT NULL,
	CONSTRAINT "correo_confirmaciones_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "correo" varchar(254);--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "avisos_correo" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "correo_confirmaciones" ADD CONSTRAINT "correo_confirmaciones_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "avisos_pendientes_idx" ON "avisos" USING btree ("proximo_intento","id") WHERE "avisos"."estado" = 'pendiente';--> statement-breakpoint
CREATE INDEX "avisos_grupo_idx" ON "avisos" USING btree ("canal","destino","grupo","id") WHERE "avisos"."estado" = 'pendiente' and "avisos"."grupo" is not null;--> statement-breakpoint
CREATE INDEX "avisos_estado_idx" ON "avisos" USING btree ("estado","id");