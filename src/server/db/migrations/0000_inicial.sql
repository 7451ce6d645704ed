CREATE TABLE "auditoria" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_id" integer,
	"actor" varchar(100) NOT NULL,
	"accion" varchar(60) NOT NULL,
	"tabla" varchar(60) NOT NULL,
	"fila_id" varchar(60),
	"antes" jsonb,
	"despues" jsonb,
	"ip" varchar(45)
);
--> statement-breakpoint
CREATE TABLE "camiones" (
	"ctrl" serial PRIMARY KEY NOT NULL,
	"codempre" integer NOT NULL,
	"unineg" integer NOT NULL,
	"patcha" varchar(10) NOT NULL,
	"pataco" varchar(10),
	"cargateorica" integer NOT NULL,
	"nomchofer" varchar(100) NOT NULL,
	"dni" varchar(12) NOT NULL,
	"ingplaya" timestamp with time zone DEFAULT now() NOT NULL,
	"codestado" smallint DEFAULT 1 NOT NULL,
	"finalizado_en" timestamp with time zone,
	"egreso_en" timestamp with time zone,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "camiones_codestado_ck" CHECK ("camiones"."codestado" between 1 and 4),
	CONSTRAINT "camiones_cargateorica_ck" CHECK ("camiones"."cargateorica" >= 0),
	CONSTRAINT "camiones_finalizado_ck" CHECK (("camiones"."codestado" = 4) = ("camiones"."finalizado_en" is not null))
);
--> statement-breakpoint
CREATE TABLE "cupo_envases_vacios" (
	"cupo_ctrl" integer NOT NULL,
	"ctrlenvase" integer NOT NULL,
	"unidades" integer NOT NULL,
	CONSTRAINT "cupo_envases_vacios_cupo_ctrl_ctrlenvase_pk" PRIMARY KEY("cupo_ctrl","ctrlenvase"),
	CONSTRAINT "cupo_envases_vacios_unidades_ck" CHECK ("cupo_envases_vacios"."unidades" > 0)
);
--> statement-breakpoint
CREATE TABLE "cupo_productos" (
	"cupo_ctrl" integer NOT NULL,
	"codpro" integer NOT NULL,
	"porcentaje" numeric(5, 2) NOT NULL,
	CONSTRAINT "cupo_productos_cupo_ctrl_codpro_pk" PRIMARY KEY("cupo_ctrl","codpro"),
	CONSTRAINT "cupo_productos_porcentaje_ck" CHECK ("cupo_productos"."porcentaje" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "cupos" (
	"ctrl" serial PRIMARY KEY NOT NULL,
	"codempre" integer NOT NULL,
	"unineg" integer NOT NULL,
	"tipo" char(1) DEFAULT 'D' NOT NULL,
	"coddespacho" integer NOT NULL,
	"tipenvase" integer,
	"peso_envase" numeric(10, 3),
	"cantidad" numeric(14, 3) NOT NULL,
	"couting" boolean DEFAULT false NOT NULL,
	"obs" varchar(250),
	"fechagen" timestamp with time zone DEFAULT now() NOT NULL,
	"creado_por" integer,
	"camion_ctrl" integer,
	"cantidad_asignada" numeric(14, 3),
	"asignado_en" timestamp with time zone,
	"asignado_por" integer,
	"actualizado_en" timestamp with time zone,
	"actualizado_por" integer,
	"eliminado_en" timestamp with time zone,
	"eliminado_por" integer,
	CONSTRAINT "cupos_tipo_ck" CHECK ("cupos"."tipo" in ('D', 'R')),
	CONSTRAINT "cupos_cantidad_ck" CHECK ("cupos"."cantidad" > 0),
	CONSTRAINT "cupos_asignacion_ck" CHECK (("cupos"."camion_ctrl" is null) = ("cupos"."cantidad_asignada" is null)
        and ("cupos"."cantidad_asignada" is null or ("cupos"."cantidad_asignada" > 0 and "cupos"."cantidad_asignada" <= "cupos"."cantidad"))),
	CONSTRAINT "cupos_eliminado_ck" CHECK ("cupos"."eliminado_en" is null or "cupos"."camion_ctrl" is null),
	CONSTRAINT "cupos_envase_ck" CHECK (("cupos"."tipenvase" is null) = ("cupos"."peso_envase" is null))
);
--> statement-breakpoint
CREATE TABLE "empresas" (
	"codempre" integer PRIMARY KEY NOT NULL,
	"nomempre" varchar(100) NOT NULL,
	"cuit" varchar(13),
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "empresas_codempre_ck" CHECK ("empresas"."codempre" >= 0),
	CONSTRAINT "empresas_nomempre_ck" CHECK (length(trim("empresas"."nomempre")) > 0)
);
--> statement-breakpoint
CREATE TABLE "encuesta_preguntas" (
	"id" serial PRIMARY KEY NOT NULL,
	"encuesta_id" integer NOT NULL,
	"texto" varchar(500) NOT NULL,
	"obligatoria" boolean DEFAULT false NOT NULL,
	"es_texto" boolean DEFAULT false NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "encuesta_preguntas_texto_ck" CHECK (length(trim("encuesta_preguntas"."texto")) > 0)
);
--> statement-breakpoint
CREATE TABLE "encuesta_respuesta_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"respuesta_id" integer NOT NULL,
	"pregunta_id" integer NOT NULL,
	"puntaje" smallint,
	"texto_respuesta" varchar(255),
	"observaciones" varchar(250),
	CONSTRAINT "encuesta_respuesta_items_puntaje_ck" CHECK ("encuesta_respuesta_items"."puntaje" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "encuesta_respuestas" (
	"id" serial PRIMARY KEY NOT NULL,
	"encuesta_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"fecha_respuesta" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "encuestas" (
	"id" serial PRIMARY KEY NOT NULL,
	"titulo" varchar(255) NOT NULL,
	"descripcion" varchar(255),
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"creada_por" integer,
	"actualizada_en" timestamp with time zone,
	CONSTRAINT "encuestas_titulo_ck" CHECK (length(trim("encuestas"."titulo")) > 0)
);
--> statement-breakpoint
CREATE TABLE "envases" (
	"ctrl" serial PRIMARY KEY NOT NULL,
	"codempre" integer NOT NULL,
	"nombre" varchar(60) NOT NULL,
	"peso" numeric(10, 3) NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "envases_peso_ck" CHECK ("envases"."peso" > 0)
);
--> statement-breakpoint
CREATE TABLE "estados_camion" (
	"codestado" smallint PRIMARY KEY NOT NULL,
	"nomestado" varchar(30) NOT NULL,
	CONSTRAINT "estados_camion_codestado_ck" CHECK ("estados_camion"."codestado" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "login_desafios" (
	"usuario" varchar(50) PRIMARY KEY NOT NULL,
	"nonce" char(32) NOT NULL,
	"tarjeta_ctrl" integer NOT NULL,
	"celda1" varchar(2) NOT NULL,
	"celda2" varchar(2) NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"expira_en" timestamp with time zone NOT NULL,
	CONSTRAINT "login_desafios_celdas_ck" CHECK ("login_desafios"."celda1" <> "login_desafios"."celda2")
);
--> statement-breakpoint
CREATE TABLE "login_fallos" (
	"usuario" varchar(50) PRIMARY KEY NOT NULL,
	"fallos" integer DEFAULT 0 NOT NULL,
	"ultimo_fallo_en" timestamp with time zone DEFAULT now() NOT NULL,
	"bloqueado_hasta" timestamp with time zone,
	CONSTRAINT "login_fallos_fallos_ck" CHECK ("login_fallos"."fallos" >= 0)
);
--> statement-breakpoint
CREATE TABLE "operaciones_idempotencia" (
	"clave" varchar(100) PRIMARY KEY NOT NULL,
	"token_id" integer NOT NULL,
	"operacion" varchar(20) NOT NULL,
	"status" smallint NOT NULL,
	"respuesta" jsonb NOT NULL,
	"creada_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "productos" (
	"codpro" integer PRIMARY KEY NOT NULL,
	"nompro" varchar(60) NOT NULL,
	CONSTRAINT "productos_nompro_unique" UNIQUE("nompro")
);
--> statement-breakpoint
CREATE TABLE "productos_clientes" (
	"codempre" integer NOT NULL,
	"unineg" integer NOT NULL,
	"codpro" integer NOT NULL,
	CONSTRAINT "productos_clientes_codempre_unineg_codpro_pk" PRIMARY KEY("codempre","unineg","codpro")
);
--> statement-breakpoint
CREATE TABLE "sesiones" (
	"token_hash" char(64) PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"creada_en" timestamp with time zone DEFAULT now() NOT NULL,
	"ultima_actividad_en" timestamp with time zone DEFAULT now() NOT NULL,
	"expira_en" timestamp with time zone NOT NULL,
	"ip" varchar(45),
	"user_agent" varchar(300)
);
--> statement-breakpoint
CREATE TABLE "stock_movimientos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"codempre" integer NOT NULL,
	"unineg" integer NOT NULL,
	"codpro" integer NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"tipo" varchar(12) NOT NULL,
	"toneladas" numeric(14, 3) NOT NULL,
	"ticket_ctrl" integer,
	"cupo_ctrl" integer,
	"usuario_id" integer,
	"observacion" varchar(250),
	CONSTRAINT "stock_movimientos_tipo_ck" CHECK ("stock_movimientos"."tipo" in ('apertura', 'ajuste', 'recepcion', 'despacho')),
	CONSTRAINT "stock_movimientos_ticket_ck" CHECK (("stock_movimientos"."tipo" in ('recepcion', 'despacho')) = ("stock_movimientos"."ticket_ctrl" is not null))
);
--> statement-breakpoint
CREATE TABLE "tarjeta_celdas" (
	"tarjeta_ctrl" integer NOT NULL,
	"celda" varchar(2) NOT NULL,
	"hmac" char(64) NOT NULL,
	CONSTRAINT "tarjeta_celdas_tarjeta_ctrl_celda_pk" PRIMARY KEY("tarjeta_ctrl","celda"),
	CONSTRAINT "tarjeta_celdas_celda_ck" CHECK ("tarjeta_celdas"."celda" ~ '^[A-J][1-5]$')
);
--> statement-breakpoint
CREATE TABLE "tarjetas" (
	"ctrl" integer PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"emitida_en" timestamp with time zone DEFAULT now() NOT NULL,
	"revocada_en" timestamp with time zone,
	CONSTRAINT "tarjetas_ctrl_ck" CHECK ("tarjetas"."ctrl" between 100000 and 999999)
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"ctrl" serial PRIMARY KEY NOT NULL,
	"camion_ctrl" integer NOT NULL,
	"tara" integer NOT NULL,
	"fechatara" timestamp with time zone NOT NULL,
	"baltara" varchar(20) NOT NULL,
	"bruto" integer,
	"fechabruto" timestamp with time zone,
	"balbruto" varchar(20),
	"clave_idempotencia" varchar(100),
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_clave_idempotencia_unique" UNIQUE("clave_idempotencia"),
	CONSTRAINT "tickets_tara_ck" CHECK ("tickets"."tara" > 0),
	CONSTRAINT "tickets_bruto_ck" CHECK (("tickets"."bruto" is null) = ("tickets"."fechabruto" is null)
        and ("tickets"."bruto" is null) = ("tickets"."balbruto" is null)
        and ("tickets"."bruto" is null or "tickets"."bruto" >= "tickets"."tara"))
);
--> statement-breakpoint
CREATE TABLE "tipos_despacho" (
	"coddespacho" serial PRIMARY KEY NOT NULL,
	"unineg" integer NOT NULL,
	"nomdespacho" varchar(60) NOT NULL,
	"envase" char(1) NOT NULL,
	CONSTRAINT "tipos_despacho_envase_ck" CHECK ("tipos_despacho"."envase" in ('S', 'N'))
);
--> statement-breakpoint
CREATE TABLE "tokens_servicio" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" varchar(60) NOT NULL,
	"token_hash" char(64) NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"revocado_en" timestamp with time zone,
	"ultimo_uso_en" timestamp with time zone,
	CONSTRAINT "tokens_servicio_nombre_unique" UNIQUE("nombre"),
	CONSTRAINT "tokens_servicio_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "unidades_negocio" (
	"ctrl" serial PRIMARY KEY NOT NULL,
	"unineg" varchar(60) NOT NULL,
	CONSTRAINT "unidades_negocio_unineg_unique" UNIQUE("unineg")
);
--> statement-breakpoint
CREATE TABLE "usuario_unidades" (
	"usuario_id" integer NOT NULL,
	"unineg" integer NOT NULL,
	CONSTRAINT "usuario_unidades_usuario_id_unineg_pk" PRIMARY KEY("usuario_id","unineg")
);
--> statement-breakpoint
CREATE TABLE "usuarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario" varchar(50) NOT NULL,
	"codempre" integer NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usuarios_usuario_unique" UNIQUE("usuario"),
	CONSTRAINT "usuarios_usuario_ck" CHECK ("usuarios"."usuario" ~ '^[a-z0-9._-]{3,50}$')
);
--> statement-breakpoint
ALTER TABLE "auditoria" ADD CONSTRAINT "auditoria_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camiones" ADD CONSTRAINT "camiones_codempre_empresas_codempre_fk" FOREIGN KEY ("codempre") REFERENCES "public"."empresas"("codempre") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camiones" ADD CONSTRAINT "camiones_unineg_unidades_negocio_ctrl_fk" FOREIGN KEY ("unineg") REFERENCES "public"."unidades_negocio"("ctrl") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camiones" ADD CONSTRAINT "camiones_codestado_estados_camion_codestado_fk" FOREIGN KEY ("codestado") REFERENCES "public"."estados_camion"("codestado") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cupo_envases_vacios" ADD CONSTRAINT "cupo_envases_vacios_cupo_ctrl_cupos_ctrl_fk" FOREIGN KEY ("cupo_ctrl") REFERENCES "public"."cupos"("ctrl") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cupo_envases_vacios" ADD CONSTRAINT "cupo_envases_vacios_ctrlenvase_envases_ctrl_fk" FOREIGN KEY ("ctrlenvase") REFERENCES "public"."envases"("ctrl") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cupo_productos" ADD CONSTRAINT "cupo_productos_cupo_ctrl_cupos_ctrl_fk" FOREIGN KEY ("cupo_ctrl") REFERENCES "public"."cupos"("ctrl") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cupo_productos" ADD CONSTRAINT "cupo_productos_codpro_productos_codpro_fk" FOREIGN KEY ("codpro") REFERENCES "public"."productos"("codpro") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cupos" ADD CONSTRAINT "cupos_codempre_empresas_codempre_fk" FOREIGN KEY ("codempre") REFERENCES "public"."empresas"("codempre") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cupos" ADD CONSTRAINT "cupos_unineg_unidades_negocio_ctrl_fk" FOREIGN KEY ("unineg") REFERENCES "public"."unidades_negocio"("ctrl") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cupos" ADD CONSTRAINT "cupos_coddespacho_tipos_despacho_coddespacho_fk" FOREIGN KEY ("coddespacho") REFERENCES "public"."tipos_despacho"("coddespacho") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cupos" ADD CONSTRAINT "cupos_tipenvase_envases_ctrl_fk" FOREIGN KEY ("tipenvase") REFERENCES "public"."envases"("ctrl") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cupos" ADD CONSTRAINT "cupos_creado_por_usuarios_id_fk" FOREIGN KEY ("creado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cupos" ADD CONSTRAINT "cupos_camion_ctrl_camiones_ctrl_fk" FOREIGN KEY ("camion_ctrl") REFERENCES "public"."camiones"("ctrl") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cupos" ADD CONSTRAINT "cupos_asignado_por_usuarios_id_fk" FOREIGN KEY ("asignado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cupos" ADD CONSTRAINT "cupos_actualizado_por_usuarios_id_fk" FOREIGN KEY ("actualizado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cupos" ADD CONSTRAINT "cupos_eliminado_por_usuarios_id_fk" FOREIGN KEY ("eliminado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encuesta_preguntas" ADD CONSTRAINT "encuesta_preguntas_encuesta_id_encuestas_id_fk" FOREIGN KEY ("encuesta_id") REFERENCES "public"."encuestas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encuesta_respuesta_items" ADD CONSTRAINT "encuesta_respuesta_items_respuesta_id_encuesta_respuestas_id_fk" FOREIGN KEY ("respuesta_id") REFERENCES "public"."encuesta_respuestas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encuesta_respuesta_items" ADD CONSTRAINT "encuesta_respuesta_items_pregunta_id_encuesta_preguntas_id_fk" FOREIGN KEY ("pregunta_id") REFERENCES "public"."encuesta_preguntas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encuesta_respuestas" ADD CONSTRAINT "encuesta_respuestas_encuesta_id_encuestas_id_fk" FOREIGN KEY ("encuesta_id") REFERENCES "public"."encuestas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encuesta_respuestas" ADD CONSTRAINT "encuesta_respuestas_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encuestas" ADD CONSTRAINT "encuestas_creada_por_usuarios_id_fk" FOREIGN KEY ("creada_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envases" ADD CONSTRAINT "envases_codempre_empresas_codempre_fk" FOREIGN KEY ("codempre") REFERENCES "public"."empresas"("codempre") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operaciones_idempotencia" ADD CONSTRAINT "operaciones_idempotencia_token_id_tokens_servicio_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."tokens_servicio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productos_clientes" ADD CONSTRAINT "productos_clientes_codempre_empresas_codempre_fk" FOREIGN KEY ("codempre") REFERENCES "public"."empresas"("codempre") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productos_clientes" ADD CONSTRAINT "productos_clientes_unineg_unidades_negocio_ctrl_fk" FOREIGN KEY ("unineg") REFERENCES "public"."unidades_negocio"("ctrl") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productos_clientes" ADD CONSTRAINT "productos_clientes_codpro_productos_codpro_fk" FOREIGN KEY ("codpro") REFERENCES "public"."productos"("codpro") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sesiones" ADD CONSTRAINT "sesiones_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movimientos" ADD CONSTRAINT "stock_movimientos_codempre_empresas_codempre_fk" FOREIGN KEY ("codempre") REFERENCES "public"."empresas"("codempre") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movimientos" ADD CONSTRAINT "stock_movimientos_unineg_unidades_negocio_ctrl_fk" FOREIGN KEY ("unineg") REFERENCES "public"."unidades_negocio"("ctrl") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movimientos" ADD CONSTRAINT "stock_movimientos_codpro_productos_codpro_fk" FOREIGN KEY ("codpro") REFERENCES "public"."productos"("codpro") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movimientos" ADD CONSTRAINT "stock_movimientos_ticket_ctrl_tickets_ctrl_fk" FOREIGN KEY ("ticket_ctrl") REFERENCES "public"."tickets"("ctrl") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movimientos" ADD CONSTRAINT "stock_movimientos_cupo_ctrl_cupos_ctrl_fk" FOREIGN KEY ("cupo_ctrl") REFERENCES "public"."cupos"("ctrl") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movimientos" ADD CONSTRAINT "stock_movimientos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarjeta_celdas" ADD CONSTRAINT "tarjeta_celdas_tarjeta_ctrl_tarjetas_ctrl_fk" FOREIGN KEY ("tarjeta_ctrl") REFERENCES "public"."tarjetas"("ctrl") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarjetas" ADD CONSTRAINT "tarjetas_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_camion_ctrl_camiones_ctrl_fk" FOREIGN KEY ("camion_ctrl") REFERENCES "public"."camiones"("ctrl") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tipos_despacho" ADD CONSTRAINT "tipos_despacho_unineg_unidades_negocio_ctrl_fk" FOREIGN KEY ("unineg") REFERENCES "public"."unidades_negocio"("ctrl") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_unidades" ADD CONSTRAINT "usuario_unidades_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_unidades" ADD CONSTRAINT "usuario_unidades_unineg_unidades_negocio_ctrl_fk" FOREIGN KEY ("unineg") REFERENCES "public"."unidades_negocio"("ctrl") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_codempre_empresas_codempre_fk" FOREIGN KEY ("codempre") REFERENCES "public"."empresas"("codempre") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auditoria_fecha_idx" ON "auditoria" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "auditoria_fila_idx" ON "auditoria" USING btree ("tabla","fila_id");--> statement-breakpoint
CREATE INDEX "camiones_lista_idx" ON "camiones" USING btree ("codempre","unineg","ingplaya" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "camiones_estado_idx" ON "camiones" USING btree ("codempre","unineg","codestado","finalizado_en");--> statement-breakpoint
CREATE INDEX "cupos_disponibles_idx" ON "cupos" USING btree ("codempre","unineg","fechagen" DESC NULLS LAST) WHERE "cupos"."eliminado_en" is null and "cupos"."camion_ctrl" is null;--> statement-breakpoint
CREATE INDEX "cupos_camion_idx" ON "cupos" USING btree ("camion_ctrl") WHERE "cupos"."camion_ctrl" is not null;--> statement-breakpoint
CREATE INDEX "cupos_historial_idx" ON "cupos" USING btree ("codempre","unineg","fechagen");--> statement-breakpoint
CREATE INDEX "empresas_nomempre_idx" ON "empresas" USING btree ("nomempre");--> statement-breakpoint
CREATE INDEX "encuesta_preguntas_encuesta_idx" ON "encuesta_preguntas" USING btree ("encuesta_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "encuesta_respuesta_items_unica_idx" ON "encuesta_respuesta_items" USING btree ("respuesta_id","pregunta_id");--> statement-breakpoint
CREATE UNIQUE INDEX "encuesta_respuestas_unica_idx" ON "encuesta_respuestas" USING btree ("encuesta_id","usuario_id");--> statement-breakpoint
CREATE INDEX "encuesta_respuestas_usuario_idx" ON "encuesta_respuestas" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "encuestas_fecha_idx" ON "encuestas" USING btree ("fecha_creacion");--> statement-breakpoint
CREATE INDEX "envases_codempre_idx" ON "envases" USING btree ("codempre");--> statement-breakpoint
CREATE INDEX "login_desafios_expira_idx" ON "login_desafios" USING btree ("expira_en");--> statement-breakpoint
CREATE INDEX "sesiones_usuario_idx" ON "sesiones" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "sesiones_expira_idx" ON "sesiones" USING btree ("expira_en");--> statement-breakpoint
CREATE INDEX "stock_movimientos_saldo_idx" ON "stock_movimientos" USING btree ("codempre","unineg","codpro");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_movimientos_ticket_idx" ON "stock_movimientos" USING btree ("ticket_ctrl","cupo_ctrl","codpro") WHERE "stock_movimientos"."ticket_ctrl" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tarjetas_una_vigente_idx" ON "tarjetas" USING btree ("usuario_id") WHERE "tarjetas"."revocada_en" is null;--> statement-breakpoint
CREATE INDEX "tickets_camion_idx" ON "tickets" USING btree ("camion_ctrl");--> statement-breakpoint
CREATE INDEX "tipos_despacho_unineg_idx" ON "tipos_despacho" USING btree ("unineg");--> statement-breakpoint
CREATE INDEX "usuarios_codempre_idx" ON "usuarios" USING btree ("codempre");