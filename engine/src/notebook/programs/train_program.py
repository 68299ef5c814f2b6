## The `train_program` command's program: the settings, the model and its training, then the
## curves as one line of JSON, which tests/engine/test_train_program.cpp reads and compares with
## the `train` command.
@settings@

@model@
print(json.dumps({key: [float(x) for x in values] for key, values in record.items()}))
