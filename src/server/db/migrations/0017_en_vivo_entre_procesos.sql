CREATE TABLE "flujos_en_vivo" (
	"id" uuid PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"proceso" uuid NOT NULL,
	"latido_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flujos_en_vivo" ADD CONSTRAINT "flujos_en_vivo_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flujos_en_vivo_usuario_idx" ON "flujos_en_vivo" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "flujos_en_vivo_proceso_idx" ON "flujos_en_vivo" USING btree ("proceso");--> statement-breakpoint
-- A TRUNCATE fires no row trigger: of every table a cached session or a live stream depends on,
-- it says '*' (every process forgets every session and checks every stream again).
CREATE TRIGGER sesiones_truncadas AFTER TRUNCATE ON sesiones
  FOR EACH STATEMENT EXECUTE FUNCTION acopio_sesiones_todas();
--> statement-breakpoint
CREATE TRIGGER usuarios_truncados AFTER TRUNCATE ON usuarios
  FOR EACH STATEMENT EXECUTE FUNCTION acopio_sesiones_todas();
--> statement-breakpoint
CREATE TRIGGER usuario_unidades_truncadas AFTER TRUNCATE ON usuario_unidades
  FOR EACH STATEMENT EXECUTE FUNCTION acopio_sesiones_todas();
--> statement-breakpoint
CREATE TRIGGER unidades_negocio_truncadas AFTER TRUNCATE ON unidades_negocio
  FOR EACH STATEMENT EXECUTE FUNCTION acopio_sesiones_todas();
