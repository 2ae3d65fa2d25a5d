// A view's shape as its JSON answer: the same zod schema with every date as ISO text, which is what
// a Date becomes on the wire. Built once per schema.
import { type ZodTypeAny, z } from 'zod';

const built = new WeakMap<ZodTypeAny, ZodTypeAny>();

export function jsonShape(schema: ZodTypeAny): ZodTypeAny {
  let json = built.get(schema);
  if (!json) {
    json = convert(schema);
    if (schema.description !== undefined) json = json.describe(schema.description);
    built.set(schema, json);
  }
  return json;
}

function convert(schema: ZodTypeAny): ZodTypeAny {
  if (schema instanceof z.ZodDate) return z.string().datetime({ offset: true });
  if (schema instanceof z.ZodObject) {
    const shape = Object.fromEntries(Object.entries(schema.shape as Record<string, ZodTypeAny>).map(([key, field]) => [key, jsonShape(field)]));
    const object = z.object(shape);
    const unknownKeys = (schema._def as { unknownKeys: 'strict' | 'strip' | 'passthrough' }).unknownKeys;
    return unknownKeys === 'strict' ? object.strict() : unknownKeys === 'passthrough' ? object.passthrough() : object;
  }
  if (schema instanceof z.ZodArray) return z.array(jsonShape(schema.element));
  if (schema instanceof z.ZodNullable) return jsonShape(schema.unwrap()).nullable();
  if (schema instanceof z.ZodOptional) return jsonShape(schema.unwrap()).optional();
  if (schema instanceof z.ZodDiscriminatedUnion) {
    const options = (schema.options as z.AnyZodObject[]).map((option) => jsonShape(option) as z.AnyZodObject);
    return z.discriminatedUnion(schema.discriminator, options as [z.AnyZodObject, z.AnyZodObject, ...z.AnyZodObject[]]);
  }
  if (schema instanceof z.ZodUnion) {
    const options = (schema.options as ZodTypeAny[]).map(jsonShape);
    return z.union(options as [ZodTypeAny, ZodTypeAny, ...ZodTypeAny[]]);
  }
  return schema;
}
