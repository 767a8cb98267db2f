// libpq, loaded when the first connection opens, not when navsim starts.
//
// Linked, libpq brought its own dependencies (GSSAPI, LDAP, TLS) into every navsim process:
// about 4 ms of each start-up on the 2-core machine (measured with dlopen), paid by every
// `check --jobs` and `explore --jobs` worker, which never connects. The functions NavSim calls
// are looked up by name with the C signatures of `libpq-fe.h` and wrapped under their C
// names, so the connection and result code reads as libpq's documentation does.

import Foundation
import SharedLibrary

/// libpq's functions, once loaded.
struct LibPQ: @unchecked Sendable {  // C function pointers, never changed
  typealias Connect = @convention(c) (
    UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<UnsafePointer<CChar>?>?, Int32
  ) -> OpaquePointer?
  typealias OfHandle = @convention(c) (OpaquePointer?) -> Int32
  typealias TextOfHandle = @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
  typealias Release = @convention(c) (OpaquePointer?) -> Void
  typealias Exec = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
  typealias Next = @convention(c) (OpaquePointer?) -> OpaquePointer?
  typealias ExecParams = @convention(c) (
    OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<UInt32>?,
    UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
  ) -> OpaquePointer?
  typealias ErrorField = @convention(c) (OpaquePointer?, Int32) -> UnsafeMutablePointer<CChar>?
  typealias Cell = @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
  typealias CellText = @convention(c) (OpaquePointer?, Int32, Int32) -> UnsafeMutablePointer<CChar>?
  typealias PutCopyData = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Int32
  typealias PutCopyEnd = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
  typealias NoticeProcessor = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?)
    -> Void
  typealias SetNoticeProcessor = @convention(c) (
    OpaquePointer?, NoticeProcessor?, UnsafeMutableRawPointer?
  ) -> NoticeProcessor?

  let connectdbParams: Connect
  let status: OfHandle
  let errorMessage: TextOfHandle
  let finish: Release
  let setNoticeProcessor: SetNoticeProcessor
  let backendPID: OfHandle
  let exec: Exec
  let execParams: ExecParams
  let getResult: Next
  let resultStatus: OfHandle
  let resultErrorField: ErrorField
  let resultErrorMessage: TextOfHandle
  let clear: Release
  let ntuples: OfHandle
  let nfields: OfHandle
  let cmdTuples: TextOfHandle
  let getisnull: Cell
  let getvalue: CellText
  let fname: ErrorField
  let putCopyData: PutCopyData
  let putCopyEnd: PutCopyEnd

  /// The loaded library, or why it could not be loaded.
  static let shared: Result<LibPQ, LoadError> = load()

  /// The loaded library; only called once a connection exists (`PostgreSQLConnection.init`
  /// loads it first and throws when it cannot).
  static var loaded: LibPQ {
    switch shared {
    case .success(let library): library
    case .failure(let error): fatalError("libpq used before a connection: \(error.message)")
    }
  }

  struct LoadError: Error {
    var message: String
  }

  #if canImport(Darwin)
    private static let candidates = [
      "libpq.5.dylib", "/opt/homebrew/opt/libpq/lib/libpq.5.dylib",
      "/usr/local/opt/libpq/lib/libpq.5.dylib",
    ]
  #else
    private static let candidates = ["libpq.so.5"]
  #endif

  private static func load() -> Result<LibPQ, LoadError> {
    let library: SharedLibrary
    do {
      library = try SharedLibrary(firstOf: candidates)
    } catch {
      return .failure(
        LoadError(
          message: "PostgreSQL logs need libpq (Debian: apt-get install libpq5; Homebrew: "
            + "brew install libpq): \(error.message)"))
    }
    let connect = library.function("PQconnectdbParams", as: Connect.self)
    let status = library.function("PQstatus", as: OfHandle.self)
    let errorMessage = library.function("PQerrorMessage", as: TextOfHandle.self)
    let finish = library.function("PQfinish", as: Release.self)
    let setNoticeProcessor = library.function("PQsetNoticeProcessor", as: SetNoticeProcessor.self)
    let backendPID = library.function("PQbackendPID", as: OfHandle.self)
    let exec = library.function("PQexec", as: Exec.self)
    let execParams = library.function("PQexecParams", as: ExecParams.self)
    let getResult = library.function("PQgetResult", as: Next.self)
    let resultStatus = library.function("PQresultStatus", as: OfHandle.self)
    let resultErrorField = library.function("PQresultErrorField", as: ErrorField.self)
    let resultErrorMessage = library.function("PQresultErrorMessage", as: TextOfHandle.self)
    let clear = library.function("PQclear", as: Release.self)
    let ntuples = library.function("PQntuples", as: OfHandle.self)
    let nfields = library.function("PQnfields", as: OfHandle.self)
    let cmdTuples = library.function("PQcmdTuples", as: TextOfHandle.self)
    let getisnull = library.function("PQgetisnull", as: Cell.self)
    let getvalue = library.function("PQgetvalue", as: CellText.self)
    let fname = library.function("PQfname", as: ErrorField.self)
    let putCopyData = library.function("PQputCopyData", as: PutCopyData.self)
    let putCopyEnd = library.function("PQputCopyEnd", as: PutCopyEnd.self)
    guard library.missing.isEmpty, let connect, let status, let errorMessage, let finish,
      let setNoticeProcessor, let backendPID, let exec, let execParams, let getResult,
      let resultStatus, let resultErrorField, let resultErrorMessage, let clear, let ntuples,
      let nfields, let cmdTuples, let getisnull, let getvalue, let fname, let putCopyData,
      let putCopyEnd
    else {
      return .failure(
        LoadError(
          message: "libpq lacks \(library.missing.joined(separator: ", ")) (libpq 10 or later)"))
    }
    return .success(
      LibPQ(
        connectdbParams: connect, status: status, errorMessage: errorMessage, finish: finish,
        setNoticeProcessor: setNoticeProcessor, backendPID: backendPID, exec: exec,
        execParams: execParams, getResult: getResult, resultStatus: resultStatus,
        resultErrorField: resultErrorField, resultErrorMessage: resultErrorMessage,
        clear: clear, ntuples: ntuples, nfields: nfields, cmdTuples: cmdTuples,
        getisnull: getisnull, getvalue: getvalue, fname: fname, putCopyData: putCopyData,
        putCopyEnd: putCopyEnd))
  }
}

// MARK: - libpq's names

// `ConnStatusType` and `ExecStatusType` values NavSim reads.
let CONNECTION_OK: Int32 = 0
let PGRES_EMPTY_QUERY: Int32 = 0
let PGRES_COMMAND_OK: Int32 = 1
let PGRES_TUPLES_OK: Int32 = 2
let PGRES_COPY_IN: Int32 = 4

func PQconnectdbParams(
  _ keywords: UnsafePointer<UnsafePointer<CChar>?>?,
  _ values: UnsafePointer<UnsafePointer<CChar>?>?, _ expandDBName: Int32
) -> OpaquePointer? { LibPQ.loaded.connectdbParams(keywords, values, expandDBName) }
func PQstatus(_ connection: OpaquePointer?) -> Int32 { LibPQ.loaded.status(connection) }
func PQerrorMessage(_ connection: OpaquePointer?) -> UnsafeMutablePointer<CChar>! {
  LibPQ.loaded.errorMessage(connection)
}
func PQfinish(_ connection: OpaquePointer?) { LibPQ.loaded.finish(connection) }
@discardableResult
func PQsetNoticeProcessor(
  _ connection: OpaquePointer?, _ processor: LibPQ.NoticeProcessor?,
  _ argument: UnsafeMutableRawPointer?
) -> LibPQ.NoticeProcessor? { LibPQ.loaded.setNoticeProcessor(connection, processor, argument) }
func PQbackendPID(_ connection: OpaquePointer?) -> Int32 { LibPQ.loaded.backendPID(connection) }
func PQexec(_ connection: OpaquePointer?, _ command: UnsafePointer<CChar>?) -> OpaquePointer? {
  LibPQ.loaded.exec(connection, command)
}
func PQexecParams(
  _ connection: OpaquePointer?, _ command: UnsafePointer<CChar>?, _ count: Int32,
  _ types: UnsafePointer<UInt32>?, _ values: UnsafePointer<UnsafePointer<CChar>?>?,
  _ lengths: UnsafePointer<Int32>?, _ formats: UnsafePointer<Int32>?, _ resultFormat: Int32
) -> OpaquePointer? {
  LibPQ.loaded.execParams(connection, command, count, types, values, lengths, formats, resultFormat)
}
func PQgetResult(_ connection: OpaquePointer?) -> OpaquePointer? {
  LibPQ.loaded.getResult(connection)
}
func PQresultStatus(_ result: OpaquePointer?) -> Int32 { LibPQ.loaded.resultStatus(result) }
func PQresultErrorField(_ result: OpaquePointer?, _ field: Int32) -> UnsafeMutablePointer<CChar>? {
  LibPQ.loaded.resultErrorField(result, field)
}
func PQresultErrorMessage(_ result: OpaquePointer?) -> UnsafeMutablePointer<CChar>! {
  LibPQ.loaded.resultErrorMessage(result)
}
func PQclear(_ result: OpaquePointer?) { LibPQ.loaded.clear(result) }
func PQntuples(_ result: OpaquePointer?) -> Int32 { LibPQ.loaded.ntuples(result) }
func PQnfields(_ result: OpaquePointer?) -> Int32 { LibPQ.loaded.nfields(result) }
func PQcmdTuples(_ result: OpaquePointer?) -> UnsafeMutablePointer<CChar>! {
  LibPQ.loaded.cmdTuples(result)
}
func PQgetisnull(_ result: OpaquePointer?, _ row: Int32, _ column: Int32) -> Int32 {
  LibPQ.loaded.getisnull(result, row, column)
}
func PQgetvalue(_ result: OpaquePointer?, _ row: Int32, _ column: Int32)
  -> UnsafeMutablePointer<CChar>!
{
  LibPQ.loaded.getvalue(result, row, column)
}
func PQfname(_ result: OpaquePointer?, _ column: Int32) -> UnsafeMutablePointer<CChar>! {
  LibPQ.loaded.fname(result, column)
}
func PQputCopyData(
  _ connection: OpaquePointer?, _ buffer: UnsafePointer<CChar>?, _ count: Int32
) -> Int32 {
  LibPQ.loaded.putCopyData(connection, buffer, count)
}
func PQputCopyEnd(_ connection: OpaquePointer?, _ message: UnsafePointer<CChar>?) -> Int32 {
  LibPQ.loaded.putCopyEnd(connection, message)
}
