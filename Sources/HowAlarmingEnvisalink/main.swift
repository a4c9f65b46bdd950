print("howalarming-envisalink: not yet implemented")
