-- Photo models (issue #33, decision 221): the shots each vehicle type's lots must have, per brand, which the
-- photo upload checks against the lot's photos (each photo may name its shot in lote_foto.descricao).
-- Written to run again over a copy that has it (IF NOT EXISTS), as a restore of an older backup does.
CREATE TABLE IF NOT EXISTS "modelo_foto" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"hotsite_id" integer NOT NULL REFERENCES "hotsite"("id") ON DELETE cascade,
	"veiculo_tipo_id" integer NOT NULL REFERENCES "veiculo_tipo"("id") ON DELETE cascade,
	"posicoes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"atualizado_por_id" integer REFERENCES "usuario"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "modelo_foto_hotsite_id_veiculo_tipo_id_unique" UNIQUE("hotsite_id", "veiculo_tipo_id"),
	CONSTRAINT "modelo_foto_posicoes_check" CHECK (jsonb_typeof("posicoes") = 'array')
);
