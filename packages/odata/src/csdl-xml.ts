import type { EntityModel, EntityType, NavigationDef } from './model';
import { findEntityType, findProperty } from './model';

/** Escapes text for XML attribute values and content. */
export function xmlEscape(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string,
  );
}

const attr = (name: string, value: string): string => ` ${name}="${xmlEscape(value)}"`;

function navigationXml(model: EntityModel, type: EntityType, nav: NavigationDef): string {
  const target = `${model.namespace}.${nav.target}`;
  let open = `<NavigationProperty${attr('Name', nav.name)}${attr('Type', nav.collection ? `Collection(${target})` : target)}`;
  // A single-valued navigation is required exactly when its foreign key columns are.
  if (
    !nav.collection &&
    nav.constraint?.length &&
    nav.constraint.every((c) => findProperty(type, c.property)?.nullable === false)
  )
    open += attr('Nullable', 'false');
  if (nav.partner) open += attr('Partner', nav.partner);
  // CSDL allows referential constraints only on the dependent (single-valued) side.
  const constraints = nav.collection ? [] : (nav.constraint ?? []);
  if (constraints.length === 0) return `${open}/>`;
  const inner = constraints
    .map(
      (c) =>
        `<ReferentialConstraint${attr('Property', c.property)}${attr('ReferencedProperty', c.referencedProperty)}/>`,
    )
    .join('');
  return `${open}>${inner}</NavigationProperty>`;
}

function entityTypeXml(model: EntityModel, type: EntityType): string {
  const key = `<Key>${type.key.map((k) => `<PropertyRef${attr('Name', k)}/>`).join('')}</Key>`;
  const props = type.properties
    .map((p) => {
      let x = `<Property${attr('Name', p.name)}${attr('Type', p.type)}`;
      if (!p.nullable) x += attr('Nullable', 'false');
      // Without Scale, CSDL 4.0 means Scale=0, i.e. integers; our decimals carry fractions.
      if (p.type === 'Edm.Decimal') x += attr('Scale', 'variable');
      return `${x}/>`;
    })
    .join('');
  const navs = type.navigation.map((n) => navigationXml(model, type, n)).join('');
  return `<EntityType${attr('Name', type.name)}>${key}${props}${navs}</EntityType>`;
}

function containerXml(model: EntityModel): string {
  const sets = model.entitySets
    .map((s) => {
      const type = findEntityType(model, s.entityType);
      const bindings = (type?.navigation ?? [])
        .map((n) => {
          const target = model.entitySets.find((t) => t.entityType === n.target);
          return target
            ? `<NavigationPropertyBinding${attr('Path', n.name)}${attr('Target', target.name)}/>`
            : '';
        })
        .join('');
      const open = `<EntitySet${attr('Name', s.name)}${attr('EntityType', `${model.namespace}.${s.entityType}`)}`;
      return bindings ? `${open}>${bindings}</EntitySet>` : `${open}/>`;
    })
    .join('');
  return `<EntityContainer${attr('Name', model.containerName)}>${sets}</EntityContainer>`;
}

/** The `$metadata` document (CSDL XML, OData 4.0). */
export function writeCsdlXml(model: EntityModel): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    '<edmx:Edmx xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx" Version="4.0"><edmx:DataServices>' +
    `<Schema xmlns="http://docs.oasis-open.org/odata/ns/edm"${attr('Namespace', model.namespace)}>` +
    model.entityTypes.map((t) => entityTypeXml(model, t)).join('') +
    containerXml(model) +
    '</Schema></edmx:DataServices></edmx:Edmx>'
  );
}

/** The service document: one entry per entity set. `serviceRoot` ends with `/`. */
export function writeServiceDocument(model: EntityModel, serviceRoot: string): string {
  return JSON.stringify({
    '@odata.context': `${serviceRoot}$metadata`,
    value: model.entitySets.map((s) => ({ name: s.name, kind: 'EntitySet', url: s.name })),
  });
}
