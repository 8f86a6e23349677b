import type { Knex } from 'knex';

// Filters on stage, grade and source stay fast for rare values without slowing imports: each index
// leaves out the value an imported row has (stage 100 "new", no grade yet, no source), so an import
// writes no entry into any of them. A common value (stage 100) needs no index: the list walks
// customers_pkey backwards and stops after a page. A rare one (stage 600, grade F, one source) reads
// just its own rows here in id order, the subtree check a filter on those few.
const PARTIALS: Record<string, string> = {
  customers_stage_partial: '(stage, id DESC) WHERE stage <> 100',
  customers_grade_partial: '(grade, id DESC) WHERE grade IS NOT NULL',
  customers_source_partial: "(source, id DESC) WHERE source <> ''",
};

export async function up(knex: Knex): Promise<void> {
  for (const [name, def] of Object.entries(PARTIALS)) {
    const [cols, where] = def.split(' WHERE ');
    await knex.raw(`CREATE INDEX ${name} ON customers ${cols} WHERE ${where}`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const name of Object.keys(PARTIALS)) await knex.raw(`DROP INDEX IF EXISTS ${name}`);
}
