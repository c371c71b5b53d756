"""The graph document's JSON Schema compiled to Python by fastjsonschema (generated: do not edit).

Written by scripts/make_graph_validator.py from fuzzroute/schema/graph.schema.json; `validate`
raises `fastjsonschema.JsonSchemaException` on a document the schema refuses.  See
`fuzzroute.graphfiles.jsonformat` for how loading uses it.
"""
# ruff: noqa
# mypy: ignore-errors
# fmt: off

VERSION = "2.22.3"
from decimal import Decimal
import re
from fastjsonschema import JsonSchemaValueException, JsonSchemaValuesException


REGEX_PATTERNS = {
    '^[adgimsuvxy]*$': re.compile('^[adgimsuvxy]*\\Z'),
    '^[dgimsuvy]*$': re.compile('^[dgimsuvy]*\\Z'),
    '^[imsxa]*$': re.compile('^[imsxa]*\\Z')
}

NoneType = type(None)

def validate_https___fuzzroute_invalid_schema_graph_schema_json(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'https://json-schema.org/draft/2020-12/schema', '$id': 'https://fuzzroute.invalid/schema/graph.schema.json', 'title': 'fuzzroute routing graph', 'description': 'Start rules of a skill graph, in declaration order, with declared examples and never-route phrases. With regex_dialect "python" (the default) regexes use Python `re` syntax and flags are letters of Python re flags (i, m, s, x, a); with "javascript" they are JavaScript regexes (a regex literal\'s body or `RegExp.prototype.source`, flags from d, g, i, m, s, u, v, y), matched exactly as V8\'s `RegExp.prototype.test`.', 'type': 'object', 'additionalProperties': False, 'required': ['name', 'entries'], 'properties': {'name': {'type': 'string', 'minLength': 1}, 'mount': {'enum': ['rules', 'classifier', 'scorer', 'read'], 'default': 'rules'}, 'regex_dialect': {'enum': ['python', 'javascript'], 'default': 'python'}, 'entries': {'type': 'array', 'items': {'type': 'object', 'additionalProperties': False, 'required': ['id'], 'properties': {'id': {'type': 'string', 'minLength': 1}, 'match': {'$ref': 'https://fuzzroute.invalid/schema/graph.schema.json#/$defs/matcher'}, 'examples': {'type': 'array', 'items': {'type': 'string'}}}}}, 'never_routes': {'type': 'array', 'items': {'type': 'string'}}, 'accepted': {'description': 'Overlaps the author accepts as intended: phrases of rule `later` taken by earlier rule `earlier`, with the reason. They are listed as accepted, not as findings; the proven checks do not change.', 'type': 'array', 'items': {'type': 'object', 'additionalProperties': False, 'required': ['earlier', 'later', 'reason'], 'properties': {'earlier': {'type': 'string', 'minLength': 1}, 'later': {'type': 'string', 'minLength': 1}, 'reason': {'type': 'string', 'minLength': 1}}}}}, 'allOf': [{'if': {'properties': {'regex_dialect': {'const': 'javascript'}}, 'required': ['regex_dialect']}, 'then': {'properties': {'entries': {'items': {'properties': {'match': {'description': 'JavaScript dialect: every regex flag (all-of members too) is one of d, g, i, m, s, u, v, y (each once; not both u and v).', 'properties': {'flags': {'pattern': '^[dgimsuvy]*$'}, 'all': {'items': {'$ref': 'https://fuzzroute.invalid/schema/graph.schema.json#/$defs/javascript_flags'}}}}}}}}}, 'else': {'properties': {'entries': {'items': {'properties': {'match': {'description': 'Python dialect: every regex flag (all-of members too) is one of i, m, s, x, a.', 'properties': {'flags': {'pattern': '^[imsxa]*$'}, 'all': {'items': {'$ref': 'https://fuzzroute.invalid/schema/graph.schema.json#/$defs/python_flags'}}}}}}}}}}], '$defs': {'entry': {'type': 'object', 'additionalProperties': False, 'required': ['id'], 'properties': {'id': {'type': 'string', 'minLength': 1}, 'match': {'oneOf': [{'$ref': '#/$defs/regex'}, {'$ref': '#/$defs/keywords'}, {'$ref': '#/$defs/all'}, {'$ref': '#/$defs/intent'}]}, 'examples': {'type': 'array', 'items': {'type': 'string'}}}}, 'matcher': {'oneOf': [{'type': 'object', 'additionalProperties': False, 'required': ['regex'], 'properties': {'regex': {'type': 'string'}, 'flags': {'type': 'string', 'pattern': '^[adgimsuvxy]*$'}}}, {'type': 'object', 'additionalProperties': False, 'required': ['keywords'], 'properties': {'keywords': {'type': 'array', 'items': {'type': 'string'}}}}, {'type': 'object', 'additionalProperties': False, 'required': ['all'], 'properties': {'all': {'type': 'array', 'items': {'$ref': 'https://fuzzroute.invalid/schema/graph.schema.json#/$defs/matcher'}}}}, {'type': 'object', 'additionalProperties': False, 'required': ['intent', 'examples'], 'properties': {'intent': {'type': 'string'}, 'examples': {'type': 'array', 'items': {'type': 'string'}}}}]}, 'regex': {'type': 'object', 'additionalProperties': False, 'required': ['regex'], 'properties': {'regex': {'type': 'string'}, 'flags': {'type': 'string', 'pattern': '^[adgimsuvxy]*$'}}}, 'python_flags': {'description': 'Python dialect: every regex flag (all-of members too) is one of i, m, s, x, a.', 'properties': {'flags': {'pattern': '^[imsxa]*$'}, 'all': {'items': {'description': 'Python dialect: every regex flag (all-of members too) is one of i, m, s, x, a.', 'properties': {'flags': {'pattern': '^[imsxa]*$'}, 'all': {'items': {'$ref': 'https://fuzzroute.invalid/schema/graph.schema.json#/$defs/python_flags'}}}}}}}, 'javascript_flags': {'description': 'JavaScript dialect: every regex flag (all-of members too) is one of d, g, i, m, s, u, v, y (each once; not both u and v).', 'properties': {'flags': {'pattern': '^[dgimsuvy]*$'}, 'all': {'items': {'description': 'JavaScript dialect: every regex flag (all-of members too) is one of d, g, i, m, s, u, v, y (each once; not both u and v).', 'properties': {'flags': {'pattern': '^[dgimsuvy]*$'}, 'all': {'items': {'$ref': 'https://fuzzroute.invalid/schema/graph.schema.json#/$defs/javascript_flags'}}}}}}}, 'keywords': {'type': 'object', 'additionalProperties': False, 'required': ['keywords'], 'properties': {'keywords': {'type': 'array', 'items': {'type': 'string'}}}}, 'all': {'type': 'object', 'additionalProperties': False, 'required': ['all'], 'properties': {'all': {'type': 'array', 'items': {'oneOf': [{'$ref': '#/$defs/regex'}, {'$ref': '#/$defs/keywords'}, {'$ref': '#/$defs/all'}, {'$ref': '#/$defs/intent'}]}}}}, 'intent': {'type': 'object', 'additionalProperties': False, 'required': ['intent', 'examples'], 'properties': {'intent': {'type': 'string'}, 'examples': {'type': 'array', 'items': {'type': 'string'}}}}}}, rule='type')
    try:
        data_is_dict = isinstance(data, dict)
        if data_is_dict:
            data__missing_keys = set(['regex_dialect']) - data.keys()
            if data__missing_keys:
                raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'properties': {'regex_dialect': {'const': 'javascript'}}, 'required': ['regex_dialect']}, rule='required')
            data_keys = set(data.keys())
            if "regex_dialect" in data_keys:
                data_keys.remove("regex_dialect")
                data__regexdialect = data["regex_dialect"]
                if not (isinstance(data__regexdialect, str) and data__regexdialect == 'javascript'):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".regex_dialect must be same as const definition: javascript", value=data__regexdialect, name="" + (name_prefix or "data") + ".regex_dialect", definition={'const': 'javascript'}, rule='const')
    except (JsonSchemaValueException, JsonSchemaValuesException):
        data_is_dict = isinstance(data, dict)
        if data_is_dict:
            data_keys = set(data.keys())
            if "entries" in data_keys:
                data_keys.remove("entries")
                data__entries = data["entries"]
                data__entries_is_list = isinstance(data__entries, (list, tuple))
                if data__entries_is_list:
                    data__entries_len = len(data__entries)
                    for data__entries_x, data__entries_item in enumerate(data__entries):
                        data__entries_item_is_dict = isinstance(data__entries_item, dict)
                        if data__entries_item_is_dict:
                            data__entries_item_keys = set(data__entries_item.keys())
                            if "match" in data__entries_item_keys:
                                data__entries_item_keys.remove("match")
                                data__entries_item__match = data__entries_item["match"]
                                validate_https___fuzzroute_invalid_schema_graph_schema_json___defs_python_flags(data__entries_item__match, custom_formats, (name_prefix or "data") + ".entries[{data__entries_x}].match".format(**locals()))
    else:
        data_is_dict = isinstance(data, dict)
        if data_is_dict:
            data_keys = set(data.keys())
            if "entries" in data_keys:
                data_keys.remove("entries")
                data__entries = data["entries"]
                data__entries_is_list = isinstance(data__entries, (list, tuple))
                if data__entries_is_list:
                    data__entries_len = len(data__entries)
                    for data__entries_x, data__entries_item in enumerate(data__entries):
                        data__entries_item_is_dict = isinstance(data__entries_item, dict)
                        if data__entries_item_is_dict:
                            data__entries_item_keys = set(data__entries_item.keys())
                            if "match" in data__entries_item_keys:
                                data__entries_item_keys.remove("match")
                                data__entries_item__match = data__entries_item["match"]
                                validate_https___fuzzroute_invalid_schema_graph_schema_json___defs_javascript_flags(data__entries_item__match, custom_formats, (name_prefix or "data") + ".entries[{data__entries_x}].match".format(**locals()))
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['name', 'entries']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'https://json-schema.org/draft/2020-12/schema', '$id': 'https://fuzzroute.invalid/schema/graph.schema.json', 'title': 'fuzzroute routing graph', 'description': 'Start rules of a skill graph, in declaration order, with declared examples and never-route phrases. With regex_dialect "python" (the default) regexes use Python `re` syntax and flags are letters of Python re flags (i, m, s, x, a); with "javascript" they are JavaScript regexes (a regex literal\'s body or `RegExp.prototype.source`, flags from d, g, i, m, s, u, v, y), matched exactly as V8\'s `RegExp.prototype.test`.', 'type': 'object', 'additionalProperties': False, 'required': ['name', 'entries'], 'properties': {'name': {'type': 'string', 'minLength': 1}, 'mount': {'enum': ['rules', 'classifier', 'scorer', 'read'], 'default': 'rules'}, 'regex_dialect': {'enum': ['python', 'javascript'], 'default': 'python'}, 'entries': {'type': 'array', 'items': {'type': 'object', 'additionalProperties': False, 'required': ['id'], 'properties': {'id': {'type': 'string', 'minLength': 1}, 'match': {'$ref': 'https://fuzzroute.invalid/schema/graph.schema.json#/$defs/matcher'}, 'examples': {'type': 'array', 'items': {'type': 'string'}}}}}, 'never_routes': {'type': 'array', 'items': {'type': 'string'}}, 'accepted': {'description': 'Overlaps the author accepts as intended: phrases of rule `later` taken by earlier rule `earlier`, with the reason. They are listed as accepted, not as findings; the proven checks do not change.', 'type': 'array', 'items': {'type': 'object', 'additionalProperties': False, 'required': ['earlier', 'later', 'reason'], 'properties': {'earlier': {'type': 'string', 'minLength': 1}, 'later': {'type': 'string', 'minLength': 1}, 'reason': {'type': 'string', 'minLength': 1}}}}}, 'allOf': [{'if': {'properties': {'regex_dialect': {'const': 'javascript'}}, 'required': ['regex_dialect']}, 'then': {'properties': {'entries': {'items': {'properties': {'match': {'description': 'JavaScript dialect: every regex flag (all-of members too) is one of d, g, i, m, s, u, v, y (each once; not both u and v).', 'properties': {'flags': {'pattern': '^[dgimsuvy]*$'}, 'all': {'items': {'$ref': 'https://fuzzroute.invalid/schema/graph.schema.json#/$defs/javascript_flags'}}}}}}}}}, 'else': {'properties': {'entries': {'items': {'properties': {'match': {'description': 'Python dialect: every regex flag (all-of members too) is one of i, m, s, x, a.', 'properties': {'flags': {'pattern': '^[imsxa]*$'}, 'all': {'items': {'$ref': 'https://fuzzroute.invalid/schema/graph.schema.json#/$defs/python_flags'}}}}}}}}}}], '$defs': {'entry': {'type': 'object', 'additionalProperties': False, 'required': ['id'], 'properties': {'id': {'type': 'string', 'minLength': 1}, 'match': {'oneOf': [{'$ref': '#/$defs/regex'}, {'$ref': '#/$defs/keywords'}, {'$ref': '#/$defs/all'}, {'$ref': '#/$defs/intent'}]}, 'examples': {'type': 'array', 'items': {'type': 'string'}}}}, 'matcher': {'oneOf': [{'type': 'object', 'additionalProperties': False, 'required': ['regex'], 'properties': {'regex': {'type': 'string'}, 'flags': {'type': 'string', 'pattern': '^[adgimsuvxy]*$'}}}, {'type': 'object', 'additionalProperties': False, 'required': ['keywords'], 'properties': {'keywords': {'type': 'array', 'items': {'type': 'string'}}}}, {'type': 'object', 'additionalProperties': False, 'required': ['all'], 'properties': {'all': {'type': 'array', 'items': {'$ref': 'https://fuzzroute.invalid/schema/graph.schema.json#/$defs/matcher'}}}}, {'type': 'object', 'additionalProperties': False, 'required': ['intent', 'examples'], 'properties': {'intent': {'type': 'string'}, 'examples': {'type': 'array', 'items': {'type': 'string'}}}}]}, 'regex': {'type': 'object', 'additionalProperties': False, 'required': ['regex'], 'properties': {'regex': {'type': 'string'}, 'flags': {'type': 'string', 'pattern': '^[adgimsuvxy]*$'}}}, 'python_flags': {'description': 'Python dialect: every regex flag (all-of members too) is one of i, m, s, x, a.', 'properties': {'flags': {'pattern': '^[imsxa]*$'}, 'all': {'items': {'description': 'Python dialect: every regex flag (all-of members too) is one of i, m, s, x, a.', 'properties': {'flags': {'pattern': '^[imsxa]*$'}, 'all': {'items': {'$ref': 'https://fuzzroute.invalid/schema/graph.schema.json#/$defs/python_flags'}}}}}}}, 'javascript_flags': {'description': 'JavaScript dialect: every regex flag (all-of members too) is one of d, g, i, m, s, u, v, y (each once; not both u and v).', 'properties': {'flags': {'pattern': '^[dgimsuvy]*$'}, 'all': {'items': {'description': 'JavaScript dialect: every regex flag (all-of members too) is one of d, g, i, m, s, u, v, y (each once; not both u and v).', 'properties': {'flags': {'pattern': '^[dgimsuvy]*$'}, 'all': {'items': {'$ref': 'https://fuzzroute.invalid/schema/graph.schema.json#/$defs/javascript_flags'}}}}}}}, 'keywords': {'type': 'object', 'additionalProperties': False, 'required': ['keywords'], 'properties': {'keywords': {'type': 'array', 'items': {'type': 'string'}}}}, 'all': {'type': 'object', 'additionalProperties': False, 'required': ['all'], 'properties': {'all': {'type': 'array', 'items': {'oneOf': [{'$ref': '#/$defs/regex'}, {'$ref': '#/$defs/keywords'}, {'$ref': '#/$defs/all'}, {'$ref': '#/$defs/intent'}]}}}}, 'intent': {'type': 'object', 'additionalProperties': False, 'required': ['intent', 'examples'], 'properties': {'intent': {'type': 'string'}, 'examples': {'type': 'array', 'items': {'type': 'string'}}}}}}, rule='required')
        data_keys = set(data.keys())
        if "name" in data_keys:
            data_keys.remove("name")
            data__name = data["name"]
            if not isinstance(data__name, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".name must be string", value=data__name, name="" + (name_prefix or "data") + ".name", definition={'type': 'string', 'minLength': 1}, rule='type')
            if isinstance(data__name, str):
                data__name_len = len(data__name)
                if data__name_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".name must be longer than or equal to 1 characters", value=data__name, name="" + (name_prefix or "data") + ".name", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "mount" in data_keys:
            data_keys.remove("mount")
            data__mount = data["mount"]
            if not (isinstance(data__mount, str) and data__mount == 'rules' or isinstance(data__mount, str) and data__mount == 'classifier' or isinstance(data__mount, str) and data__mount == 'scorer' or isinstance(data__mount, str) and data__mount == 'read'):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".mount must be one of ['rules', 'classifier', 'scorer', 'read']", value=data__mount, name="" + (name_prefix or "data") + ".mount", definition={'enum': ['rules', 'classifier', 'scorer', 'read'], 'default': 'rules'}, rule='enum')
        if "regex_dialect" in data_keys:
            data_keys.remove("regex_dialect")
            data__regexdialect = data["regex_dialect"]
            if not (isinstance(data__regexdialect, str) and data__regexdialect == 'python' or isinstance(data__regexdialect, str) and data__regexdialect == 'javascript'):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".regex_dialect must be one of ['python', 'javascript']", value=data__regexdialect, name="" + (name_prefix or "data") + ".regex_dialect", definition={'enum': ['python', 'javascript'], 'default': 'python'}, rule='enum')
        if "entries" in data_keys:
            data_keys.remove("entries")
            data__entries = data["entries"]
            if not isinstance(data__entries, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".entries must be array", value=data__entries, name="" + (name_prefix or "data") + ".entries", definition={'type': 'array', 'items': {'type': 'object', 'additionalProperties': False, 'required': ['id'], 'properties': {'id': {'type': 'string', 'minLength': 1}, 'match': {'$ref': 'https://fuzzroute.invalid/schema/graph.schema.json#/$defs/matcher'}, 'examples': {'type': 'array', 'items': {'type': 'string'}}}}}, rule='type')
            data__entries_is_list = isinstance(data__entries, (list, tuple))
            if data__entries_is_list:
                data__entries_len = len(data__entries)
                for data__entries_x, data__entries_item in enumerate(data__entries):
                    validate_https___fuzzroute_invalid_schema_graph_schema_json___defs_entry(data__entries_item, custom_formats, (name_prefix or "data") + ".entries[{data__entries_x}]".format(**locals()))
        if "never_routes" in data_keys:
            data_keys.remove("never_routes")
            data__neverroutes = data["never_routes"]
            if not isinstance(data__neverroutes, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".never_routes must be array", value=data__neverroutes, name="" + (name_prefix or "data") + ".never_routes", definition={'type': 'array', 'items': {'type': 'string'}}, rule='type')
            data__neverroutes_is_list = isinstance(data__neverroutes, (list, tuple))
            if data__neverroutes_is_list:
                data__neverroutes_len = len(data__neverroutes)
                for data__neverroutes_x, data__neverroutes_item in enumerate(data__neverroutes):
                    if not isinstance(data__neverroutes_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".never_routes[{data__neverroutes_x}]".format(**locals()) + " must be string", value=data__neverroutes_item, name="" + (name_prefix or "data") + ".never_routes[{data__neverroutes_x}]".format(**locals()) + "", definition={'type': 'string'}, rule='type')
        if "accepted" in data_keys:
            data_keys.remove("accepted")
            data__accepted = data["accepted"]
            if not isinstance(data__accepted, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".accepted must be array", value=data__accepted, name="" + (name_prefix or "data") + ".accepted", definition={'description': 'Overlaps the author accepts as intended: phrases of rule `later` taken by earlier rule `earlier`, with the reason. They are listed as accepted, not as findings; the proven checks do not change.', 'type': 'array', 'items': {'type': 'object', 'additionalProperties': False, 'required': ['earlier', 'later', 'reason'], 'properties': {'earlier': {'type': 'string', 'minLength': 1}, 'later': {'type': 'string', 'minLength': 1}, 'reason': {'type': 'string', 'minLength': 1}}}}, rule='type')
            data__accepted_is_list = isinstance(data__accepted, (list, tuple))
            if data__accepted_is_list:
                data__accepted_len = len(data__accepted)
                for data__accepted_x, data__accepted_item in enumerate(data__accepted):
                    if not isinstance(data__accepted_item, (dict)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".accepted[{data__accepted_x}]".format(**locals()) + " must be object", value=data__accepted_item, name="" + (name_prefix or "data") + ".accepted[{data__accepted_x}]".format(**locals()) + "", definition={'type': 'object', 'additionalProperties': False, 'required': ['earlier', 'later', 'reason'], 'properties': {'earlier': {'type': 'string', 'minLength': 1}, 'later': {'type': 'string', 'minLength': 1}, 'reason': {'type': 'string', 'minLength': 1}}}, rule='type')
                    data__accepted_item_is_dict = isinstance(data__accepted_item, dict)
                    if data__accepted_item_is_dict:
                        data__accepted_item__missing_keys = set(['earlier', 'later', 'reason']) - data__accepted_item.keys()
                        if data__accepted_item__missing_keys:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".accepted[{data__accepted_x}]".format(**locals()) + " must contain " + (str(sorted(data__accepted_item__missing_keys)) + " properties"), value=data__accepted_item, name="" + (name_prefix or "data") + ".accepted[{data__accepted_x}]".format(**locals()) + "", definition={'type': 'object', 'additionalProperties': False, 'required': ['earlier', 'later', 'reason'], 'properties': {'earlier': {'type': 'string', 'minLength': 1}, 'later': {'type': 'string', 'minLength': 1}, 'reason': {'type': 'string', 'minLength': 1}}}, rule='required')
                        data__accepted_item_keys = set(data__accepted_item.keys())
                        if "earlier" in data__accepted_item_keys:
                            data__accepted_item_keys.remove("earlier")
                            data__accepted_item__earlier = data__accepted_item["earlier"]
                            if not isinstance(data__accepted_item__earlier, (str)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".accepted[{data__accepted_x}].earlier".format(**locals()) + " must be string", value=data__accepted_item__earlier, name="" + (name_prefix or "data") + ".accepted[{data__accepted_x}].earlier".format(**locals()) + "", definition={'type': 'string', 'minLength': 1}, rule='type')
                            if isinstance(data__accepted_item__earlier, str):
                                data__accepted_item__earlier_len = len(data__accepted_item__earlier)
                                if data__accepted_item__earlier_len < 1:
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".accepted[{data__accepted_x}].earlier".format(**locals()) + " must be longer than or equal to 1 characters", value=data__accepted_item__earlier, name="" + (name_prefix or "data") + ".accepted[{data__accepted_x}].earlier".format(**locals()) + "", definition={'type': 'string', 'minLength': 1}, rule='minLength')
                        if "later" in data__accepted_item_keys:
                            data__accepted_item_keys.remove("later")
                            data__accepted_item__later = data__accepted_item["later"]
                            if not isinstance(data__accepted_item__later, (str)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".accepted[{data__accepted_x}].later".format(**locals()) + " must be string", value=data__accepted_item__later, name="" + (name_prefix or "data") + ".accepted[{data__accepted_x}].later".format(**locals()) + "", definition={'type': 'string', 'minLength': 1}, rule='type')
                            if isinstance(data__accepted_item__later, str):
                                data__accepted_item__later_len = len(data__accepted_item__later)
                                if data__accepted_item__later_len < 1:
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".accepted[{data__accepted_x}].later".format(**locals()) + " must be longer than or equal to 1 characters", value=data__accepted_item__later, name="" + (name_prefix or "data") + ".accepted[{data__accepted_x}].later".format(**locals()) + "", definition={'type': 'string', 'minLength': 1}, rule='minLength')
                        if "reason" in data__accepted_item_keys:
                            data__accepted_item_keys.remove("reason")
                            data__accepted_item__reason = data__accepted_item["reason"]
                            if not isinstance(data__accepted_item__reason, (str)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".accepted[{data__accepted_x}].reason".format(**locals()) + " must be string", value=data__accepted_item__reason, name="" + (name_prefix or "data") + ".accepted[{data__accepted_x}].reason".format(**locals()) + "", definition={'type': 'string', 'minLength': 1}, rule='type')
                            if isinstance(data__accepted_item__reason, str):
                                data__accepted_item__reason_len = len(data__accepted_item__reason)
                                if data__accepted_item__reason_len < 1:
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".accepted[{data__accepted_x}].reason".format(**locals()) + " must be longer than or equal to 1 characters", value=data__accepted_item__reason, name="" + (name_prefix or "data") + ".accepted[{data__accepted_x}].reason".format(**locals()) + "", definition={'type': 'string', 'minLength': 1}, rule='minLength')
                        if data__accepted_item_keys:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".accepted[{data__accepted_x}]".format(**locals()) + " must not contain "+str(data__accepted_item_keys)+" properties", value=data__accepted_item, name="" + (name_prefix or "data") + ".accepted[{data__accepted_x}]".format(**locals()) + "", definition={'type': 'object', 'additionalProperties': False, 'required': ['earlier', 'later', 'reason'], 'properties': {'earlier': {'type': 'string', 'minLength': 1}, 'later': {'type': 'string', 'minLength': 1}, 'reason': {'type': 'string', 'minLength': 1}}}, rule='additionalProperties')
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'https://json-schema.org/draft/2020-12/schema', '$id': 'https://fuzzroute.invalid/schema/graph.schema.json', 'title': 'fuzzroute routing graph', 'description': 'Start rules of a skill graph, in declaration order, with declared examples and never-route phrases. With regex_dialect "python" (the default) regexes use Python `re` syntax and flags are letters of Python re flags (i, m, s, x, a); with "javascript" they are JavaScript regexes (a regex literal\'s body or `RegExp.prototype.source`, flags from d, g, i, m, s, u, v, y), matched exactly as V8\'s `RegExp.prototype.test`.', 'type': 'object', 'additionalProperties': False, 'required': ['name', 'entries'], 'properties': {'name': {'type': 'string', 'minLength': 1}, 'mount': {'enum': ['rules', 'classifier', 'scorer', 'read'], 'default': 'rules'}, 'regex_dialect': {'enum': ['python', 'javascript'], 'default': 'python'}, 'entries': {'type': 'array', 'items': {'type': 'object', 'additionalProperties': False, 'required': ['id'], 'properties': {'id': {'type': 'string', 'minLength': 1}, 'match': {'$ref': 'https://fuzzroute.invalid/schema/graph.schema.json#/$defs/matcher'}, 'examples': {'type': 'array', 'items': {'type': 'string'}}}}}, 'never_routes': {'type': 'array', 'items': {'type': 'string'}}, 'accepted': {'description': 'Overlaps the author accepts as intended: phrases of rule `later` taken by earlier rule `earlier`, with the reason. They are listed as accepted, not as findings; the proven checks do not change.', 'type': 'array', 'items': {'type': 'object', 'additionalProperties': False, 'required': ['earlier', 'later', 'reason'], 'properties': {'earlier': {'type': 'string', 'minLength': 1}, 'later': {'type': 'string', 'minLength': 1}, 'reason': {'type': 'string', 'minLength': 1}}}}}, 'allOf': [{'if': {'properties': {'regex_dialect': {'const': 'javascript'}}, 'required': ['regex_dialect']}, 'then': {'properties': {'entries': {'items': {'properties': {'match': {'description': 'JavaScript dialect: every regex flag (all-of members too) is one of d, g, i, m, s, u, v, y (each once; not both u and v).', 'properties': {'flags': {'pattern': '^[dgimsuvy]*$'}, 'all': {'items': {'$ref': 'https://fuzzroute.invalid/schema/graph.schema.json#/$defs/javascript_flags'}}}}}}}}}, 'else': {'properties': {'entries': {'items': {'properties': {'match': {'description': 'Python dialect: every regex flag (all-of members too) is one of i, m, s, x, a.', 'properties': {'flags': {'pattern': '^[imsxa]*$'}, 'all': {'items': {'$ref': 'https://fuzzroute.invalid/schema/graph.schema.json#/$defs/python_flags'}}}}}}}}}}], '$defs': {'entry': {'type': 'object', 'additionalProperties': False, 'required': ['id'], 'properties': {'id': {'type': 'string', 'minLength': 1}, 'match': {'oneOf': [{'$ref': '#/$defs/regex'}, {'$ref': '#/$defs/keywords'}, {'$ref': '#/$defs/all'}, {'$ref': '#/$defs/intent'}]}, 'examples': {'type': 'array', 'items': {'type': 'string'}}}}, 'matcher': {'oneOf': [{'type': 'object', 'additionalProperties': False, 'required': ['regex'], 'properties': {'regex': {'type': 'string'}, 'flags': {'type': 'string', 'pattern': '^[adgimsuvxy]*$'}}}, {'type': 'object', 'additionalProperties': False, 'required': ['keywords'], 'properties': {'keywords': {'type': 'array', 'items': {'type': 'string'}}}}, {'type': 'object', 'additionalProperties': False, 'required': ['all'], 'properties': {'all': {'type': 'array', 'items': {'$ref': 'https://fuzzroute.invalid/schema/graph.schema.json#/$defs/matcher'}}}}, {'type': 'object', 'additionalProperties': False, 'required': ['intent', 'examples'], 'properties': {'intent': {'type': 'string'}, 'examples': {'type': 'array', 'items': {'type': 'string'}}}}]}, 'regex': {'type': 'object', 'additionalProperties': False, 'required': ['regex'], 'properties': {'regex': {'type': 'string'}, 'flags': {'type': 'string', 'pattern': '^[adgimsuvxy]*$'}}}, 'python_flags': {'description': 'Python dialect: every regex flag (all-of members too) is one of i, m, s, x, a.', 'properties': {'flags': {'pattern': '^[imsxa]*$'}, 'all': {'items': {'description': 'Python dialect: every regex flag (all-of members too) is one of i, m, s, x, a.', 'properties': {'flags': {'pattern': '^[imsxa]*$'}, 'all': {'items': {'$ref': 'https://fuzzroute.invalid/schema/graph.schema.json#/$defs/python_flags'}}}}}}}, 'javascript_flags': {'description': 'JavaScript dialect: every regex flag (all-of members too) is one of d, g, i, m, s, u, v, y (each once; not both u and v).', 'properties': {'flags': {'pattern': '^[dgimsuvy]*$'}, 'all': {'items': {'description': 'JavaScript dialect: every regex flag (all-of members too) is one of d, g, i, m, s, u, v, y (each once; not both u and v).', 'properties': {'flags': {'pattern': '^[dgimsuvy]*$'}, 'all': {'items': {'$ref': 'https://fuzzroute.invalid/schema/graph.schema.json#/$defs/javascript_flags'}}}}}}}, 'keywords': {'type': 'object', 'additionalProperties': False, 'required': ['keywords'], 'properties': {'keywords': {'type': 'array', 'items': {'type': 'string'}}}}, 'all': {'type': 'object', 'additionalProperties': False, 'required': ['all'], 'properties': {'all': {'type': 'array', 'items': {'oneOf': [{'$ref': '#/$defs/regex'}, {'$ref': '#/$defs/keywords'}, {'$ref': '#/$defs/all'}, {'$ref': '#/$defs/intent'}]}}}}, 'intent': {'type': 'object', 'additionalProperties': False, 'required': ['intent', 'examples'], 'properties': {'intent': {'type': 'string'}, 'examples': {'type': 'array', 'items': {'type': 'string'}}}}}}, rule='additionalProperties')
    return data

def validate_https___fuzzroute_invalid_schema_graph_schema_json___defs_entry(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'additionalProperties': False, 'required': ['id'], 'properties': {'id': {'type': 'string', 'minLength': 1}, 'match': {'oneOf': [{'$ref': '#/$defs/regex'}, {'$ref': '#/$defs/keywords'}, {'$ref': '#/$defs/all'}, {'$ref': '#/$defs/intent'}]}, 'examples': {'type': 'array', 'items': {'type': 'string'}}}}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['id']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'additionalProperties': False, 'required': ['id'], 'properties': {'id': {'type': 'string', 'minLength': 1}, 'match': {'oneOf': [{'$ref': '#/$defs/regex'}, {'$ref': '#/$defs/keywords'}, {'$ref': '#/$defs/all'}, {'$ref': '#/$defs/intent'}]}, 'examples': {'type': 'array', 'items': {'type': 'string'}}}}, rule='required')
        data_keys = set(data.keys())
        if "id" in data_keys:
            data_keys.remove("id")
            data__id = data["id"]
            if not isinstance(data__id, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".id must be string", value=data__id, name="" + (name_prefix or "data") + ".id", definition={'type': 'string', 'minLength': 1}, rule='type')
            if isinstance(data__id, str):
                data__id_len = len(data__id)
                if data__id_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".id must be longer than or equal to 1 characters", value=data__id, name="" + (name_prefix or "data") + ".id", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "match" in data_keys:
            data_keys.remove("match")
            data__match = data["match"]
            validate_https___fuzzroute_invalid_schema_graph_schema_json___defs_matcher(data__match, custom_formats, (name_prefix or "data") + ".match")
        if "examples" in data_keys:
            data_keys.remove("examples")
            data__examples = data["examples"]
            if not isinstance(data__examples, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".examples must be array", value=data__examples, name="" + (name_prefix or "data") + ".examples", definition={'type': 'array', 'items': {'type': 'string'}}, rule='type')
            data__examples_is_list = isinstance(data__examples, (list, tuple))
            if data__examples_is_list:
                data__examples_len = len(data__examples)
                for data__examples_x, data__examples_item in enumerate(data__examples):
                    if not isinstance(data__examples_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".examples[{data__examples_x}]".format(**locals()) + " must be string", value=data__examples_item, name="" + (name_prefix or "data") + ".examples[{data__examples_x}]".format(**locals()) + "", definition={'type': 'string'}, rule='type')
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'additionalProperties': False, 'required': ['id'], 'properties': {'id': {'type': 'string', 'minLength': 1}, 'match': {'oneOf': [{'$ref': '#/$defs/regex'}, {'$ref': '#/$defs/keywords'}, {'$ref': '#/$defs/all'}, {'$ref': '#/$defs/intent'}]}, 'examples': {'type': 'array', 'items': {'type': 'string'}}}}, rule='additionalProperties')
    return data

def validate_https___fuzzroute_invalid_schema_graph_schema_json___defs_matcher(data, custom_formats={}, name_prefix=None):
    data_one_of_count1 = 0
    if data_one_of_count1 < 2:
        try:
            validate_https___fuzzroute_invalid_schema_graph_schema_json___defs_regex(data, custom_formats, (name_prefix or "data") + "")
            data_one_of_count1 += 1
        except (JsonSchemaValueException, JsonSchemaValuesException): pass
    if data_one_of_count1 < 2:
        try:
            validate_https___fuzzroute_invalid_schema_graph_schema_json___defs_keywords(data, custom_formats, (name_prefix or "data") + "")
            data_one_of_count1 += 1
        except (JsonSchemaValueException, JsonSchemaValuesException): pass
    if data_one_of_count1 < 2:
        try:
            validate_https___fuzzroute_invalid_schema_graph_schema_json___defs_all(data, custom_formats, (name_prefix or "data") + "")
            data_one_of_count1 += 1
        except (JsonSchemaValueException, JsonSchemaValuesException): pass
    if data_one_of_count1 < 2:
        try:
            validate_https___fuzzroute_invalid_schema_graph_schema_json___defs_intent(data, custom_formats, (name_prefix or "data") + "")
            data_one_of_count1 += 1
        except (JsonSchemaValueException, JsonSchemaValuesException): pass
    if data_one_of_count1 != 1:
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be valid exactly by one definition" + (" (" + str(data_one_of_count1) + " matches found)"), value=data, name="" + (name_prefix or "data") + "", definition={'oneOf': [{'type': 'object', 'additionalProperties': False, 'required': ['regex'], 'properties': {'regex': {'type': 'string'}, 'flags': {'type': 'string', 'pattern': '^[adgimsuvxy]*$'}}}, {'type': 'object', 'additionalProperties': False, 'required': ['keywords'], 'properties': {'keywords': {'type': 'array', 'items': {'type': 'string'}}}}, {'type': 'object', 'additionalProperties': False, 'required': ['all'], 'properties': {'all': {'type': 'array', 'items': {'$ref': 'https://fuzzroute.invalid/schema/graph.schema.json#/$defs/matcher'}}}}, {'type': 'object', 'additionalProperties': False, 'required': ['intent', 'examples'], 'properties': {'intent': {'type': 'string'}, 'examples': {'type': 'array', 'items': {'type': 'string'}}}}]}, rule='oneOf')
    return data

def validate_https___fuzzroute_invalid_schema_graph_schema_json___defs_intent(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'additionalProperties': False, 'required': ['intent', 'examples'], 'properties': {'intent': {'type': 'string'}, 'examples': {'type': 'array', 'items': {'type': 'string'}}}}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['intent', 'examples']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'additionalProperties': False, 'required': ['intent', 'examples'], 'properties': {'intent': {'type': 'string'}, 'examples': {'type': 'array', 'items': {'type': 'string'}}}}, rule='required')
        data_keys = set(data.keys())
        if "intent" in data_keys:
            data_keys.remove("intent")
            data__intent = data["intent"]
            if not isinstance(data__intent, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".intent must be string", value=data__intent, name="" + (name_prefix or "data") + ".intent", definition={'type': 'string'}, rule='type')
        if "examples" in data_keys:
            data_keys.remove("examples")
            data__examples = data["examples"]
            if not isinstance(data__examples, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".examples must be array", value=data__examples, name="" + (name_prefix or "data") + ".examples", definition={'type': 'array', 'items': {'type': 'string'}}, rule='type')
            data__examples_is_list = isinstance(data__examples, (list, tuple))
            if data__examples_is_list:
                data__examples_len = len(data__examples)
                for data__examples_x, data__examples_item in enumerate(data__examples):
                    if not isinstance(data__examples_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".examples[{data__examples_x}]".format(**locals()) + " must be string", value=data__examples_item, name="" + (name_prefix or "data") + ".examples[{data__examples_x}]".format(**locals()) + "", definition={'type': 'string'}, rule='type')
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'additionalProperties': False, 'required': ['intent', 'examples'], 'properties': {'intent': {'type': 'string'}, 'examples': {'type': 'array', 'items': {'type': 'string'}}}}, rule='additionalProperties')
    return data

def validate_https___fuzzroute_invalid_schema_graph_schema_json___defs_all(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'additionalProperties': False, 'required': ['all'], 'properties': {'all': {'type': 'array', 'items': {'oneOf': [{'$ref': '#/$defs/regex'}, {'$ref': '#/$defs/keywords'}, {'$ref': '#/$defs/all'}, {'$ref': '#/$defs/intent'}]}}}}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['all']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'additionalProperties': False, 'required': ['all'], 'properties': {'all': {'type': 'array', 'items': {'oneOf': [{'$ref': '#/$defs/regex'}, {'$ref': '#/$defs/keywords'}, {'$ref': '#/$defs/all'}, {'$ref': '#/$defs/intent'}]}}}}, rule='required')
        data_keys = set(data.keys())
        if "all" in data_keys:
            data_keys.remove("all")
            data__all = data["all"]
            if not isinstance(data__all, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".all must be array", value=data__all, name="" + (name_prefix or "data") + ".all", definition={'type': 'array', 'items': {'oneOf': [{'$ref': '#/$defs/regex'}, {'$ref': '#/$defs/keywords'}, {'$ref': '#/$defs/all'}, {'$ref': '#/$defs/intent'}]}}, rule='type')
            data__all_is_list = isinstance(data__all, (list, tuple))
            if data__all_is_list:
                data__all_len = len(data__all)
                for data__all_x, data__all_item in enumerate(data__all):
                    validate_https___fuzzroute_invalid_schema_graph_schema_json___defs_matcher(data__all_item, custom_formats, (name_prefix or "data") + ".all[{data__all_x}]".format(**locals()))
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'additionalProperties': False, 'required': ['all'], 'properties': {'all': {'type': 'array', 'items': {'oneOf': [{'$ref': '#/$defs/regex'}, {'$ref': '#/$defs/keywords'}, {'$ref': '#/$defs/all'}, {'$ref': '#/$defs/intent'}]}}}}, rule='additionalProperties')
    return data

def validate_https___fuzzroute_invalid_schema_graph_schema_json___defs_keywords(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'additionalProperties': False, 'required': ['keywords'], 'properties': {'keywords': {'type': 'array', 'items': {'type': 'string'}}}}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['keywords']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'additionalProperties': False, 'required': ['keywords'], 'properties': {'keywords': {'type': 'array', 'items': {'type': 'string'}}}}, rule='required')
        data_keys = set(data.keys())
        if "keywords" in data_keys:
            data_keys.remove("keywords")
            data__keywords = data["keywords"]
            if not isinstance(data__keywords, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".keywords must be array", value=data__keywords, name="" + (name_prefix or "data") + ".keywords", definition={'type': 'array', 'items': {'type': 'string'}}, rule='type')
            data__keywords_is_list = isinstance(data__keywords, (list, tuple))
            if data__keywords_is_list:
                data__keywords_len = len(data__keywords)
                for data__keywords_x, data__keywords_item in enumerate(data__keywords):
                    if not isinstance(data__keywords_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".keywords[{data__keywords_x}]".format(**locals()) + " must be string", value=data__keywords_item, name="" + (name_prefix or "data") + ".keywords[{data__keywords_x}]".format(**locals()) + "", definition={'type': 'string'}, rule='type')
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'additionalProperties': False, 'required': ['keywords'], 'properties': {'keywords': {'type': 'array', 'items': {'type': 'string'}}}}, rule='additionalProperties')
    return data

def validate_https___fuzzroute_invalid_schema_graph_schema_json___defs_regex(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'additionalProperties': False, 'required': ['regex'], 'properties': {'regex': {'type': 'string'}, 'flags': {'type': 'string', 'pattern': '^[adgimsuvxy]*$'}}}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['regex']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'additionalProperties': False, 'required': ['regex'], 'properties': {'regex': {'type': 'string'}, 'flags': {'type': 'string', 'pattern': '^[adgimsuvxy]*$'}}}, rule='required')
        data_keys = set(data.keys())
        if "regex" in data_keys:
            data_keys.remove("regex")
            data__regex = data["regex"]
            if not isinstance(data__regex, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".regex must be string", value=data__regex, name="" + (name_prefix or "data") + ".regex", definition={'type': 'string'}, rule='type')
        if "flags" in data_keys:
            data_keys.remove("flags")
            data__flags = data["flags"]
            if not isinstance(data__flags, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".flags must be string", value=data__flags, name="" + (name_prefix or "data") + ".flags", definition={'type': 'string', 'pattern': '^[adgimsuvxy]*$'}, rule='type')
            if isinstance(data__flags, str):
                if not REGEX_PATTERNS['^[adgimsuvxy]*$'].search(data__flags):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".flags must match pattern ^[adgimsuvxy]*$", value=data__flags, name="" + (name_prefix or "data") + ".flags", definition={'type': 'string', 'pattern': '^[adgimsuvxy]*$'}, rule='pattern')
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'type': 'object', 'additionalProperties': False, 'required': ['regex'], 'properties': {'regex': {'type': 'string'}, 'flags': {'type': 'string', 'pattern': '^[adgimsuvxy]*$'}}}, rule='additionalProperties')
    return data

def validate_https___fuzzroute_invalid_schema_graph_schema_json___defs_javascript_flags(data, custom_formats={}, name_prefix=None):
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data_keys = set(data.keys())
        if "flags" in data_keys:
            data_keys.remove("flags")
            data__flags = data["flags"]
            if isinstance(data__flags, str):
                if not REGEX_PATTERNS['^[dgimsuvy]*$'].search(data__flags):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".flags must match pattern ^[dgimsuvy]*$", value=data__flags, name="" + (name_prefix or "data") + ".flags", definition={'pattern': '^[dgimsuvy]*$'}, rule='pattern')
        if "all" in data_keys:
            data_keys.remove("all")
            data__all = data["all"]
            data__all_is_list = isinstance(data__all, (list, tuple))
            if data__all_is_list:
                data__all_len = len(data__all)
                for data__all_x, data__all_item in enumerate(data__all):
                    validate_https___fuzzroute_invalid_schema_graph_schema_json___defs_javascript_flags(data__all_item, custom_formats, (name_prefix or "data") + ".all[{data__all_x}]".format(**locals()))
    return data

def validate_https___fuzzroute_invalid_schema_graph_schema_json___defs_python_flags(data, custom_formats={}, name_prefix=None):
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data_keys = set(data.keys())
        if "flags" in data_keys:
            data_keys.remove("flags")
            data__flags = data["flags"]
            if isinstance(data__flags, str):
                if not REGEX_PATTERNS['^[imsxa]*$'].search(data__flags):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".flags must match pattern ^[imsxa]*$", value=data__flags, name="" + (name_prefix or "data") + ".flags", definition={'pattern': '^[imsxa]*$'}, rule='pattern')
        if "all" in data_keys:
            data_keys.remove("all")
            data__all = data["all"]
            data__all_is_list = isinstance(data__all, (list, tuple))
            if data__all_is_list:
                data__all_len = len(data__all)
                for data__all_x, data__all_item in enumerate(data__all):
                    validate_https___fuzzroute_invalid_schema_graph_schema_json___defs_python_flags(data__all_item, custom_formats, (name_prefix or "data") + ".all[{data__all_x}]".format(**locals()))
    return data


validate = validate_https___fuzzroute_invalid_schema_graph_schema_json
