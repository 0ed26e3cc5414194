"""Reads one IFC file with IfcOpenShell and prints, as JSON, what the interop test compares with our feed.

Usage: python extract.py <file.ifc> [--read-as SCHEMA]  -> JSON on stdout; exit 0 when opened, 2 when IfcOpenShell cannot open it
(the JSON then says why). The comparison itself lives in interop/ifc-compare (TypeScript): this script only
reports IfcOpenShell's view of the file, using its own relationship helpers (ifcopenshell.util.element), so the
cross-check does not share code or rules with our web-ifc extraction.

--read-as rewrites the declared FILE_SCHEMA of a temporary copy (e.g. IFC2X_FINAL -> IFC2X3), the same
decision our product takes for schema names no parser knows; the interop test documents which aliases it uses.
"""

import json
import math
import os
import re
import sys
import tempfile

import ifcopenshell
import ifcopenshell.util.element as ue

# IFC4X3 infrastructure parts play the storey's role, as in our extraction's documented rule.
STOREY_LIKE = (
    "IfcBuildingStorey",
    "IfcFacilityPart",
    "IfcBridgePart",
    "IfcRoadPart",
    "IfcRailwayPart",
    "IfcMarineFacilityPart",
    "IfcFacilityPartCommon",
)
QUANTITY_VALUE = {
    "IfcQuantityLength": "LengthValue",
    "IfcQuantityArea": "AreaValue",
    "IfcQuantityVolume": "VolumeValue",
    "IfcQuantityCount": "CountValue",
    "IfcQuantityWeight": "WeightValue",
    "IfcQuantityTime": "TimeValue",
    "IfcQuantityNumber": "NumberValue",
}


def is_any(entity, classes):
    return any(entity.is_a(c) for c in classes)


def plain(value):
    """A JSON-safe form of an attribute value: wrapped IfcValue selects are unwrapped, with their type."""
    if value is None:
        return None, None
    if isinstance(value, ifcopenshell.entity_instance):
        vtype = value.is_a()
        inner = value.wrappedValue if hasattr(value, "wrappedValue") else None
        return plain(inner)[0], vtype
    if isinstance(value, float) and not math.isfinite(value):
        return None, None
    if isinstance(value, (bool, int, float, str)):
        return value, None
    return str(value), None


def storey_of(element, start=None):
    if start is not None:
        container = start
    elif element.is_a("IfcSpatialStructureElement") or element.is_a("IfcSpatialElement"):
        container = element
    else:
        container = ue.get_container(element)
    depth = 0
    while container is not None and depth < 32:
        if is_any(container, STOREY_LIKE):
            return {"id": container.id(), "type": container.is_a(), "name": container.Name,
                    "longName": getattr(container, "LongName", None)}
        container = ue.get_aggregate(container) or ue.get_container(container, should_get_direct=True)
        depth += 1
    return None


def properties_of(definition, kind, out):
    """Single values and quantities are compared by value; other property kinds by name only."""
    items = definition.HasProperties if definition.is_a("IfcPropertySet") else definition.Quantities
    for prop in items or ():
        properties_of_item(prop, kind, out, definition.Name, "", 0)


def properties_of_item(prop, kind, out, set_name, prefix, depth):
    cls = prop.is_a()
    name = prefix + (prop.Name or "")
    entry = {"set": set_name, "kind": kind, "name": name or None, "cls": cls}
    if cls in QUANTITY_VALUE:
        entry["value"], _ = plain(getattr(prop, QUANTITY_VALUE[cls]))
    elif cls == "IfcPropertySingleValue":
        entry["value"], entry["vtype"] = plain(prop.NominalValue)
    elif cls in ("IfcComplexProperty", "IfcPhysicalComplexQuantity"):
        if depth < 4:
            nested = prop.HasProperties if cls == "IfcComplexProperty" else prop.HasQuantities
            for child in nested or ():
                properties_of_item(child, kind, out, set_name, f"{name}.", depth + 1)
        return
    out.append(entry)


def definitions(element):
    """Property set definitions attached to the instance (IfcRelDefinesByProperties)."""
    for rel in getattr(element, "IsDefinedBy", None) or ():
        if not rel.is_a("IfcRelDefinesByProperties"):
            continue
        defs = rel.RelatingPropertyDefinition
        for d in defs if isinstance(defs, tuple) else (defs,):
            if d is not None:
                yield d


# IfcRoot's attributes: the identity of a predefined set, not values of it.
ROOT_ATTRIBUTES = {"GlobalId", "OwnerHistory", "Name", "Description"}


def predefined_attributes(definition, kind, out):
    """A predefined property set (IfcDoorLiningProperties, IfcWindowPanelProperties …) keeps its values as entity
    attributes: each attribute holding a plain value is reported under a set named after the entity. References
    (ShapeAspectStyle) and lists of references are not values."""
    for index in range(len(definition)):
        name = definition.attribute_name(index)
        value = definition[index]
        if name in ROOT_ATTRIBUTES or value is None or isinstance(value, (tuple, ifcopenshell.entity_instance)):
            continue
        entry = {"set": definition.is_a(), "kind": kind, "name": name, "cls": "PredefinedAttribute"}
        entry["value"], _ = plain(value)
        out.append(entry)


def add_definition(d, kinds, out):
    if d.is_a("IfcPropertySet"):
        properties_of(d, kinds[0], out)
    elif d.is_a("IfcElementQuantity"):
        properties_of(d, kinds[1], out)
    elif d.is_a("IfcPropertySetDefinition"):
        predefined_attributes(d, kinds[0], out)


def collect(element):
    out = []
    for d in definitions(element):
        add_definition(d, ("PropertySet", "QuantitySet"), out)
    element_type = ue.get_type(element)
    for d in (getattr(element_type, "HasPropertySets", None) or ()) if element_type else ():
        add_definition(d, ("TypePropertySet", "TypeQuantitySet"), out)
    return out


def open_model(path, read_as):
    if not read_as:
        return ifcopenshell.open(path)
    with open(path, "rb") as source:
        data = source.read()
    data, replaced = re.subn(rb"FILE_SCHEMA\s*\(\s*\(\s*'[^']+'", b"FILE_SCHEMA(('" + read_as.encode() + b"'", data, count=1)
    if not replaced:
        raise ValueError("no FILE_SCHEMA in header")
    with tempfile.NamedTemporaryFile(suffix=".ifc", delete=False) as copy:
        copy.write(data)
    try:
        return ifcopenshell.open(copy.name)
    finally:
        os.unlink(copy.name)


def main(path, read_as=None):
    try:
        model = open_model(path, read_as)
    except Exception as error:  # IfcOpenShell raises plain exceptions for unknown schemas
        print(json.dumps({"opened": False, "error": f"{type(error).__name__}: {error}"}))
        return 2
    # Containment read from the relationship entities themselves: the schema gives spatial elements no
    # ContainedInStructure inverse, so IfcOpenShell's helpers do not see a space *contained* in a storey.
    raw_container = {}
    for rel in model.by_type("IfcRelContainedInSpatialStructure"):
        for related in rel.RelatedElements or ():
            raw_container.setdefault(related.id(), rel.RelatingStructure)
    elements = []
    for product in model.by_type("IfcProduct"):
        entry = {
            "expressId": product.id(),
            "globalId": product.GlobalId,
            "type": product.is_a(),
            "storey": storey_of(product),
            "properties": collect(product),
        }
        if entry["storey"] is None and product.id() in raw_container and not is_any(product, STOREY_LIKE):
            entry["storeyByRawContainment"] = storey_of(product, raw_container[product.id()])
        elements.append(entry)
    print(
        json.dumps(
            {
                "opened": True,
                "schema": model.schema,
                "schemaIdentifier": model.schema_identifier,
                "elements": elements,
            },
            ensure_ascii=False,
        )
    )
    return 0


def run():
    read_as = sys.argv[3] if len(sys.argv) == 4 and sys.argv[2] == "--read-as" else None
    code = main(sys.argv[1], read_as)
    sys.stdout.flush()
    # skip interpreter teardown: freeing a large model object by object only costs time here
    os._exit(code)


if __name__ == "__main__":
    if len(sys.argv) not in (2, 4):
        print("usage: extract.py <file.ifc> [--read-as SCHEMA]", file=sys.stderr)
        sys.exit(64)
    run()
