// A tiny ONNX model, written byte by byte (protobuf wire format; no onnx package): single-head
// attention  O = Softmax((Q @ Transpose(K)) * scale, axis = -1) @ V  for Q (T, d), K (T, d),
// V (T, d), with T and d symbolic. Opset 13, IR version 7. Runs in the browser and in Node.
//
// Fields used (onnx/onnx.proto3): ModelProto {1 ir_version, 7 graph, 8 opset_import};
// OperatorSetIdProto {1 domain, 2 version}; GraphProto {1 node, 2 name, 5 initializer, 11 input,
// 12 output}; NodeProto {1 input, 2 output, 3 name, 4 op_type}; TensorProto {2 data_type,
// 4 float_data (packed), 8 name}; ValueInfoProto {1 name, 2 type}; TypeProto {1 tensor_type};
// TypeProto.Tensor {1 elem_type, 2 shape}; TensorShapeProto {1 dim}; Dimension {2 dim_param}.
const FLOAT = 1;  // TensorProto.DataType.FLOAT

function varint(n) {
  const out = [];
  let v = BigInt(n);
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v) byte |= 0x80;
    out.push(byte);
  } while (v);
  return out;
}
const key = (field, wire) => varint((field << 3) | wire);
const bytes = (field, data) => [...key(field, 2), ...varint(data.length), ...data];
const text = (field, s) => bytes(field, [...new TextEncoder().encode(s)]);
const int = (field, n) => [...key(field, 0), ...varint(n)];

function valueInfo(name, dims) {
  const shape = dims.flatMap((d) => bytes(1, text(2, d)));
  const tensorType = [...int(1, FLOAT), ...bytes(2, shape)];
  return [...text(1, name), ...bytes(2, bytes(1, tensorType))];
}

function node(name, op, inputs, outputs) {
  return [...inputs.flatMap((i) => text(1, i)), ...outputs.flatMap((o) => text(2, o)), ...text(3, name), ...text(4, op)];
}

/** The model's bytes, with the softmax scale (e.g. 1/sqrt(d)) stored as a scalar initializer. */
export function attentionModel(scale) {
  const f32 = new Uint8Array(new Float32Array([scale]).buffer);
  const scaleTensor = [...int(2, FLOAT), ...bytes(4, [...f32]), ...text(8, 'scale')];
  const graph = [
    ...bytes(1, node('kt', 'Transpose', ['K'], ['KT'])),
    ...bytes(1, node('scores', 'MatMul', ['Q', 'KT'], ['S'])),
    ...bytes(1, node('scaled', 'Mul', ['S', 'scale'], ['A'])),
    ...bytes(1, node('softmax', 'Softmax', ['A'], ['P'])),
    ...bytes(1, node('mix', 'MatMul', ['P', 'V'], ['O'])),
    ...text(2, 'attention'),
    ...bytes(5, scaleTensor),
    ...bytes(11, valueInfo('Q', ['T', 'd'])),
    ...bytes(11, valueInfo('K', ['T', 'd'])),
    ...bytes(11, valueInfo('V', ['T', 'd'])),
    ...bytes(12, valueInfo('O', ['T', 'd'])),
  ];
  const opset = [...text(1, ''), ...int(2, 13)];
  return new Uint8Array([...int(1, 7), ...bytes(7, graph), ...bytes(8, opset)]);
}
