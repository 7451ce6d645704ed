CREATE TABLE "turnos" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(8) NOT NULL,
	"cupo_ctrl" integer NOT NULL,
	"codempre" integer NOT NULL,
	"unineg" integer NOT NULL,
	"calendario_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"hora" smallint NOT NULL,
	"estado" varchar(10) DEFAULT 'reservado' NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"creado_por" integer,
	"actualizado_en" timestamp with time zone,
	"actualizado_por" integer,
	"llegada" timestamp with time zone,
	"clasificacion" varchar(10),
	"camion_ctrl" integer,
	CONSTRAINT "turnos_estado_ck" CHECK ("turnos"."estado" in ('reservado', 'cancelado', 'presente', 'ausente')),
	CONSTRAINT "turnos_hora_ck" CHECK ("turnos"."hora" between 0 and 23),
	CONSTRAINT "turnos_codigo_ck" CHECK ("turnos"."codigo" ~ '^[ACEFGHJKLMNPQRTUVWXY34679]{8}$'),
	CONSTRAINT "turnos_clasificacion_ck" CHECK ("turnos"."clasificacion" is null or "turnos"."clasificacion" in ('a_tiempo', 'temprano', 'tarde'))
);
--> statement-breakpoint
CREATE TABLE "turnos_calendarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"unineg" integer NOT NULL,
	"coddespacho" integer
);
--> statement-breakpoint
CREATE TABLE "turnos_excepciones" (
	"calendario_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"hora" smallint NOT NULL,
	"capacidad" integer NOT NULL,
	CONSTRAINT "turnos_excepciones_calendario_id_fecha_hora_pk" PRIMARY KEY("calendario_id","fecha","hora"),
	CONSTRAINT "turnos_excepciones_hora_ck" CHECK ("turnos_excepciones"."hora" between 0 and 23),
	CONSTRAINT "turnos_excepciones_capacidad_ck" CHECK ("turnos_excepciones"."capacidad" >= 0)
);
--> statement-breakpoint
CREATE TABLE "turnos_franjas" (
	"calendario_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"hora" smallint NOT NULL,
	CONSTRAINT "turnos_franjas_calendario_id_fecha_hora_pk" PRIMARY KEY("calendario_id","fecha","hora")
);
--> statement-breakpoint
CREATE TABLE "turnos_parametros" (
	"unineg" integer PRIMARY KEY NOT NULL,
	"dias_anticipacion" smallint DEFAULT 7 NOT NULL,
	"cierre_dias_antes" smallint DEFAULT 1 NOT NULL,
	"cierre_hora" smallint DEFAULT 14 NOT NULL,
	"cambio_minutos_antes" integer DEFAULT 240 NOT NULL,
	"tolerancia_minutos" smallint DEFAULT 30 NOT NULL,
	"cuota_empresa_pct" smallint,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "turnos_parametros_dias_ck" CHECK ("turnos_parametros"."dias_anticipacion" between 0 and 365),
	CONSTRAINT "turnos_parametros_cierre_dias_ck" CHECK ("turnos_parametros"."cierre_dias_antes" between 0 and 30),
	CONSTRAINT "turnos_parametros_cierre_hora_ck" CHECK ("turnos_parametros"."cierre_hora" between 0 and 23),
	CONSTRAINT "turnos_parametros_cambio_ck" CHECK ("turnos_parametros"."cambio_minutos_antes" between 0 and 43200),
	CONSTRAINT "turnos_parametros_tolerancia_ck" CHECK ("turnos_parametros"."tolerancia_minutos" between 0 and 240),
	CONSTRAINT "turnos_parametros_cuota_ck" CHECK ("turnos_parametros"."cuota_empresa_pct" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "turnos_pausas" (
	"id" serial PRIMARY KEY NOT NULL,
	"calendario_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"hora" smallint,
	"motivo" varchar(200) NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"creado_por" integer,
	"levantada_en" timestamp with time zone,
	"levantada_por" integer,
	CONSTRAINT "turnos_pausas_hora_ck" CHECK ("turnos_pausas"."hora" between 0 and 23),
	CONSTRAINT "turnos_pausas_motivo_ck" CHECK (length(trim("turnos_pausas"."motivo")) > 0)
);
--> statement-breakpoint
CREATE TABLE "turnos_plantilla" (
	"calendario_id" integer NOT NULL,
	"dia_semana" smallint NOT NULL,
	"hora" smallint NOT NULL,
	"capacidad" integer NOT NULL,
	CONSTRAINT "turnos_plantilla_calendario_id_dia_semana_hora_pk" PRIMARY KEY("calendario_id","dia_semana","hora"),
	CONSTRAINT "turnos_plantilla_dia_ck" CHECK ("turnos_plantilla"."dia_semana" between 1 and 7),
	CONSTRAINT "turnos_plantilla_hora_ck" CHECK ("turnos_plantilla"."hora" between 0 and 23),
	CONSTRAINT "turnos_plantilla_capacidad_ck" CHECK ("turnos_plantilla"."capacidad" >= 0)
);
--> statement-breakpoint
ALTER TABLE "turnos" ADD CONSTRAINT "turnos_cupo_ctrl_cupos_ctrl_fk" FOREIGN KEY ("cupo_ctrl") REFERENCES "public"."cupos"("ctrl") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnos" ADD CONSTRAINT "turnos_codempre_empresas_codempre_fk" FOREIGN KEY ("codempre") REFERENCES "public"."empresas"("codempre") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnos" ADD CONSTRAINT "turnos_unineg_unidades_negocio_ctrl_fk" FOREIGN KEY ("unineg") REFERENCES "public"."unidades_negocio"("ctrl") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnos" ADD CONSTRAINT "turnos_calendario_id_turnos_calendarios_id_fk" FOREIGN KEY ("calendario_id") REFERENCES "public"."turnos_calendarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnos" ADD CONSTRAINT "turnos_creado_por_usuarios_id_fk" FOREIGN KEY ("creado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnos" ADD CONSTRAINT "turnos_actualizado_por_usuarios_id_fk" FOREIGN KEY ("actualizado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnos" ADD CONSTRAINT "turnos_camion_ctrl_camiones_ctrl_fk" FOREIGN KEY ("camion_ctrl") REFERENCES "public"."camiones"("ctrl") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnos_calendarios" ADD CONSTRAINT "turnos_calendarios_unineg_unidades_negocio_ctrl_fk" FOREIGN KEY ("unineg") REFERENCES "public"."unidades_negocio"("ctrl") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnos_calendarios" ADD CONSTRAINT "turnos_calendarios_coddespacho_tipos_despacho_coddespacho_fk" FOREIGN KEY ("coddespacho") REFERENCES "public"."tipos_despacho"("coddespacho") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnos_excepciones" ADD CONSTRAINT "turnos_excepciones_calendario_id_turnos_calendarios_id_fk" FOREIGN KEY ("calendario_id") REFERENCES "public"."turnos_calendarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnos_franjas" ADD CONSTRAINT "turnos_franjas_calendario_id_turnos_calendarios_id_fk" FOREIGN KEY ("calendario_id") REFERENCES "public"."turnos_calendarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnos_parametros" ADD CONSTRAINT "turnos_parametros_unineg_unidades_negocio_ctrl_fk" FOREIGN KEY ("unineg") REFERENCES "public"."unidades_negocio"("ctrl") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnos_pausas" ADD CONSTRAINT "turnos_pausas_calendario_id_turnos_calendarios_id_fk" FOREIGN KEY ("calendario_id") REFERENCES "public"."turnos_calendarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnos_pausas" ADD CONSTRAINT "turnos_pausas_creado_por_usuarios_id_fk" FOREIGN KEY ("creado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnos_pausas" ADD CONSTRAINT "turnos_pausas_levantada_por_usuarios_id_fk" FOREIGN KEY ("levantada_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnos_plantilla" ADD CONSTRAINT "turnos_plantilla_calendario_id_turnos_calendarios_id_fk" FOREIGN KEY ("calendario_id") REFERENCES "public"."turnos_calendarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "turnos_codigo_idx" ON "turnos" USING btree ("codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "turnos_cupo_vivo_idx" ON "turnos" USING btree ("cupo_ctrl") WHERE "turnos"."estado" in ('reservado', 'presente');--> statement-breakpoint
CREATE INDEX "turnos_franja_idx" ON "turnos" USING btree ("calendario_id","fecha","hora","codempre") WHERE "turnos"."estado" in ('reservado', 'presente');--> statement-breakpoint
CREATE INDEX "turnos_empresa_idx" ON "turnos" USING btree ("codempre","fecha");--> statement-breakpoint
CREATE UNIQUE INDEX "turnos_calendarios_idx" ON "turnos_calendarios" USING btree ("unineg",coalesce("coddespacho", 0));--> statement-breakpoint
CREATE INDEX "turnos_pausas_fecha_idx" ON "turnos_pausas" USING btree ("calendario_id","fecha") WHERE "turnos_pausas"."levantada_en" is null;